/** The real corpus's ground truth as the analysis bench reads it (scripts/real-corpus/piece-truth.ts writes it). */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { rootNames, splitChord } from '../../real-corpus/chord-names';
import type { TimedChord } from './analysis-scores';

const truthSchema = z.object({
  slug: z.string(),
  folder: z.string(),
  title: z.string(),
  durationSeconds: z.number().positive(),
  bpm: z.number().positive(),
  tempos: z.array(z.object({ bpm: z.number() })),
  key: z.string().nullable(),
  keySignatureDoubtful: z.boolean(),
  chordTruth: z.enum(['chart', 'notes']),
  chords: z.array(z.object({ start: z.number(), end: z.number(), chord: z.string(), majmin: z.string() })),
  stems: z.array(z.object({ file: z.string(), part: z.string() })),
});
export type CorpusTruth = z.infer<typeof truthSchema>;

const manifestSchema = z.object({ pieces: z.array(z.object({ slug: z.string(), truth: z.string() })) });

/**
 * Every piece of the corpus at `corpusDir`, its truth parsed: in the manifest's order, or while the
 * corpus is still being built (the manifest is written last), every truth file there, by slug.
 */
export async function readCorpusTruths(corpusDir: string): Promise<CorpusTruth[]> {
  const manifestPath = path.join(corpusDir, 'manifest.json');
  const files = existsSync(manifestPath)
    ? manifestSchema.parse(JSON.parse(await readFile(manifestPath, 'utf8'))).pieces.map((piece) => piece.truth)
    : (await readdir(path.join(corpusDir, 'truth'))).filter((name) => name.endsWith('.json')).sort().map((name) => path.join('truth', name));
  return Promise.all(files.map(async (file) => truthSchema.parse(JSON.parse(await readFile(path.join(corpusDir, file), 'utf8')))));
}

/** Whether the truth's key is the composer's: the file states one, and not as its sequencer's default. */
export function hasComposersKey(truth: CorpusTruth): truth is CorpusTruth & { key: string } {
  return truth.key !== null && !truth.keySignatureDoubtful;
}

/**
 * The truth's chords as the scoring reads them: the major/minor reduction, a chord without a third
 * (power or suspended) as its root's power chord (any third is right), no-chord spans left out.
 */
export function truthChords(truth: CorpusTruth): TimedChord[] {
  return truth.chords.flatMap((span) => {
    const chord = splitChord(span.chord);
    if (span.majmin === 'N' || !chord) return [];
    const noThird = chord.quality === '5' || /sus/.test(chord.quality);
    return [{ start: span.start, end: span.end, chord: noThird ? `${rootNames[chord.root]}5` : span.majmin }];
  });
}

/** Chord changes per minute of a chart (a change is a chord that differs from the one before). */
export function changesPerMinute(chart: readonly TimedChord[], durationSeconds: number): number {
  let changes = 0;
  chart.forEach((chord, i) => {
    if (i > 0 && chord.chord !== chart[i - 1]!.chord) changes += 1;
  });
  return changes / (durationSeconds / 60);
}
