/** The corpus manifest: every piece's source, licence, truth kind and files, and the tools that made them. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderer, requiredPackages } from './piece-sources';
import type { PieceTruth } from './piece-truth';
import { runTool } from './run-tool';

export async function packageVersions(): Promise<Record<string, string>> {
  const output = await runTool('dpkg-query', ['-W', '-f', '${Package} ${Version}\n', ...requiredPackages]);
  return Object.fromEntries(output.trim().split('\n').map((line) => line.split(' ') as [string, string]));
}

export function manifestOf(truths: readonly PieceTruth[], versions: Record<string, string>) {
  return {
    description: 'Woodshed real corpus: song folders of stems rendered from MIDI files and MMA charts that Debian packages ship. Ground truth per piece in truth/<slug>.json.',
    renderer: { ...renderer, versions: Object.fromEntries(['fluidsynth', renderer.soundFontPackage, 'mma', 'ffmpeg'].map((name) => [name, versions[name] ?? 'unknown'])) },
    pieces: truths.map((truth) => ({
      slug: truth.slug,
      folder: `songs/${truth.folder}`,
      truth: `truth/${truth.slug}.json`,
      title: truth.title,
      composer: truth.composer,
      genre: truth.genre,
      style: truth.style,
      source: truth.source,
      chordTruth: truth.chordTruth,
      durationSeconds: truth.durationSeconds,
      bpm: truth.bpm,
      tempoChanges: truth.tempos.length - 1,
      key: truth.key,
      formatProfile: truth.formatProfile,
      stems: truth.stems.map((stem) => ({ file: stem.file, part: stem.part, format: stem.format, sampleRate: stem.sampleRate, channels: stem.channels })),
      stemSumResidualDb: truth.stemSum.residualDb,
    })),
  };
}

export async function writeManifest(outDir: string, truths: readonly PieceTruth[], versions: Record<string, string>): Promise<void> {
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifestOf(truths, versions), null, 2)}\n`);
}
