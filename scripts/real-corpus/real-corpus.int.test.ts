import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSongFolder } from '../../api/features/songs/read-song-folder';
import { buildPiece, songsDirOf, truthPathOf } from './build-piece';
import { packageVersions, writeManifest } from './corpus-manifest';
import type { PieceTruth } from './piece-truth';
import { pieces } from './pieces';
import { tempDirPerTest } from '../../events/store/testing/temp-dir-per-test';

/** The catalogue's first two pieces (a MIDI file and a chart), cut to their first bars after 8 s. */
const subset = pieces.slice(0, 2).map((piece) => ({ ...piece, excerptSeconds: 8 }));

describe('the real corpus builder', { timeout: 180_000 }, () => {
  const tempDir = tempDirPerTest('real-corpus-');

  it('renders a song folder of stems per piece that sum to the arrangement, with truth and manifest outside', async () => {
    const outDir = await tempDir();
    const versions = await packageVersions();
    const built = [];
    for (const [index, piece] of subset.entries()) built.push(await buildPiece(piece, index, { outDir, versions }));
    await writeManifest(outDir, built.map((result) => result.truth), versions);

    expect((await readdir(outDir)).sort()).toEqual(['manifest.json', 'songs', 'truth']);
    expect((await readdir(songsDirOf(outDir))).sort()).toEqual(['5 4 3 2 .. Gone', 'Greensleeves']);
    const [midiPiece, chartPiece] = built.map((result) => result.truth) as [PieceTruth, PieceTruth];

    // The MIDI piece: mp3 with tags and cover, chords read from notes, key from its key signature.
    expect(midiPiece).toMatchObject({ slug: '5432-gone', bpm: 120, key: 'G major', chordTruth: 'notes', notesAgreeWithChart: null, formatProfile: 'mp3 44.1 kHz stereo, ID3 tags and cover' });
    expect(midiPiece.source).toMatchObject({ package: 'openttd-openmsx', licence: 'GPL-2.0-only', file: '/usr/share/games/openttd/baseset/openmsx/5432gone_redfarn.mid' });
    expect(midiPiece.metres[0]).toMatchObject({ numerator: 5, denominator: 4 });
    expect(midiPiece.stems.map((stem) => stem.file)).toEqual(['drums.mp3', 'bass.mp3', 'keys.mp3', 'vocals.mp3']);
    // The chart: exact chords as written, beat by beat.
    expect(chartPiece).toMatchObject({ slug: 'greensleeves', bpm: 100, key: 'A minor', chordTruth: 'chart' });
    expect(chartPiece.chords.slice(0, 4).map((span) => [span.start, span.chord])).toEqual([[0, 'Am'], [1.8, 'G'], [3.6, 'Am'], [5.4, 'E']]);
    expect(chartPiece.notesAgreeWithChart).toBeGreaterThan(0.5);
    expect(chartPiece.stems.map((stem) => stem.file)).toEqual(['Drums & Percussion.ogg', 'Bass.ogg', 'Keys & Piano.ogg']);

    for (const truth of [midiPiece, chartPiece]) {
      // FluidSynth sums voices with small differences of its own (docs/real-corpus.md): far below the music.
      expect(truth.stemSum.residualDb).toBeLessThan(-40);
      for (const stem of truth.stems) expect(Math.abs(stem.firstSoundSeconds! - stem.firstNoteSeconds)).toBeLessThan(0.02);
      const scanned = await readSongFolder(join(songsDirOf(outDir), truth.folder), songsDirOf(outDir));
      expect(scanned.files.problems).toEqual([]);
      expect(scanned.metadata).toMatchObject({ title: truth.title, genre: truth.genre, key: null, bpm: null });
      expect(scanned.files.stems.map((stem) => stem.filename).sort()).toEqual(truth.stems.map((stem) => stem.file).sort());
      // All stems as long as the full render, the release of the last notes included.
      expect(truth.durationSeconds).toBeGreaterThan(truth.musicEndSeconds);
      for (const stem of scanned.files.stems) expect(stem.durationSeconds).toBeCloseTo(truth.durationSeconds, 1);
      expect(JSON.parse(await readFile(truthPathOf(outDir, truth.slug), 'utf8'))).toEqual(truth);
    }
    const manifest = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8'));
    expect(manifest.pieces.map((piece: { source: { licence: string }; chordTruth: string }) => [piece.source.licence, piece.chordTruth])).toEqual([['GPL-2.0-only', 'notes'], ['AGPL-3.0-or-later', 'chart']]);

    // Built again: skipped, same truth.
    const again = await buildPiece(subset[0]!, 0, { outDir, versions });
    expect(again.skipped).toBe(true);
    expect(again.truth).toEqual(midiPiece);
  });
});
