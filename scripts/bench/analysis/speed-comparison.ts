/**
 * `npm run bench:analysis -- --against REF`: the seconds of analysis a minute of music of this
 * checkout's analysis and of REF's (a commit, branch or tag), on the same songs in the same run,
 * alternating which goes first, in this thread (the worker's messages cost nothing beside the
 * analysis): a shared, noisy machine only compares code measured side by side. CPU seconds are
 * reported beside wall seconds, as other processes' load inflates the wall clock of both. It also
 * says where REF's results differ from this checkout's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '../../app/repository-root';
import * as current from '../../../api/features/songs/analysis/song-analysis';
import { median } from '../run-summary';

type Analysis = Pick<typeof current, 'analyseTempo' | 'analyseHarmony'>;

export interface SpeedSong {
  name: string;
  stems: string[];
  durationSeconds: number;
}

/** REF's `api` and `contract` folders (all the analysis imports), unpacked once under data/. */
async function analysisOf(ref: string): Promise<{ commit: string; analysis: Analysis }> {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: repositoryRoot, encoding: 'utf8' }).trim();
  const folder = path.join(repositoryRoot, 'data', 'analysis-speed', commit);
  if (!existsSync(path.join(folder, 'api'))) {
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    const archive = execFileSync('git', ['archive', commit, 'api', 'contract'], { cwd: repositoryRoot, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', folder], { input: archive });
  }
  const analysis = (await import(pathToFileURL(path.join(folder, 'api/features/songs/analysis/song-analysis.ts')).href)) as Analysis;
  return { commit, analysis };
}

function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** Where two results differ, field by field (`.harmony.key: "C major" -> "A minor"`). */
function differences(before: unknown, after: unknown, at: string, found: string[]): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return found;
  if (before && after && typeof before === 'object' && typeof after === 'object' && !Array.isArray(before)) {
    const a = before as Record<string, unknown>;
    const b = after as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[key], b[key], `${at}.${key}`, found);
  } else {
    // A field only one side has (a result the other version did not give) reads as absent.
    const shown = (value: unknown) => (JSON.stringify(value) ?? 'absent').slice(0, 200);
    found.push(`${at}: ${shown(before)} -> ${shown(after)}`);
  }
  return found;
}

/** Analyse `songs` `runs` times with each code, alternating; the report as text. */
export async function runSpeedComparison(songs: readonly SpeedSong[], ref: string, runs: number): Promise<string> {
  const { commit, analysis: before } = await analysisOf(ref);
  const codes = { [commit]: before, 'this checkout': current as Analysis };
  const names = Object.keys(codes);
  const wall = new Map<string, number[]>(names.map((name) => [name, []]));
  const cpu = new Map<string, number[]>(names.map((name) => [name, []]));
  const results = new Map<string, unknown[]>();
  const minutes = songs.reduce((sum, song) => sum + song.durationSeconds, 0) / 60;
  for (let run = 0; run < runs; run++) {
    for (const name of run % 2 === 0 ? names : [...names].reverse()) {
      const analysis = codes[name]!;
      const wallStart = performance.now();
      const cpuStart = cpuSeconds();
      const outputs: unknown[] = [];
      for (const song of songs) {
        const tempo = await analysis.analyseTempo(song.stems);
        const harmony = await analysis.analyseHarmony(song.stems, tempo.beats);
        outputs.push({ tempo, harmony });
      }
      wall.get(name)!.push((performance.now() - wallStart) / 1000 / minutes);
      cpu.get(name)!.push((cpuSeconds() - cpuStart) / minutes);
      results.set(name, outputs);
      console.error(`run ${run + 1}, ${name}: ${wall.get(name)!.at(-1)!.toFixed(2)} s a minute of music (CPU ${cpu.get(name)!.at(-1)!.toFixed(2)})`);
    }
  }
  const figures = (name: string) =>
    `${name.padEnd(14)} wall ${median(wall.get(name)!).toFixed(2)} s a minute of music (runs ${wall.get(name)!.map((value) => value.toFixed(2)).join(', ')}), ` +
    `CPU ${median(cpu.get(name)!).toFixed(2)} (runs ${cpu.get(name)!.map((value) => value.toFixed(2)).join(', ')})`;
  const [old, now] = names as [string, string];
  const lines = [
    `${songs.length} songs, ${minutes.toFixed(2)} minutes of music, ${runs} runs each, medians:`,
    figures(old),
    figures(now),
    `this checkout / ${old}: wall ${(median(wall.get(now)!) / median(wall.get(old)!)).toFixed(3)}, CPU ${(median(cpu.get(now)!) / median(cpu.get(old)!)).toFixed(3)}`,
  ];
  songs.forEach((song, index) => {
    const found = differences(results.get(old)![index], results.get(now)![index], '', []);
    lines.push(`${song.name}: ${found.length === 0 ? `the same results as ${old}` : found.join('; ')}`);
  });
  return lines.join('\n');
}
