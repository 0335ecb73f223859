/** Compiles an MMA chart to MIDI with its chords written in as lyrics, and the same randomness every run. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool } from './run-tool';

/** A chart's `Transpose n`: MMA moves the notes but writes the chord names as charted. */
export function chartTranspose(source: string): number {
  const statements = [...source.matchAll(/^\s*transpose\s+([+-]?\d+)/gim)];
  if (statements.length > 1) throw new Error('Charts that transpose more than once are not supported');
  return statements.length === 0 ? 0 : Number(statements[0]![1]);
}

export async function compileChart(chartPath: string, workDir: string): Promise<{ midiPath: string; transpose: number }> {
  const source = await readFile(chartPath, 'utf8');
  const copy = join(workDir, 'chart.mma');
  // RndSeed fixes MMA's humanising (random timing and velocity) and generated melodies.
  await writeFile(copy, `RndSeed 1\nLyric Chords=On\n${source}`);
  const midiPath = join(workDir, 'chart.mid');
  await runTool('mma', ['-xNOCREDIT', '-w', copy, '-f', midiPath], { cwd: workDir });
  return { midiPath, transpose: chartTranspose(source) };
}

