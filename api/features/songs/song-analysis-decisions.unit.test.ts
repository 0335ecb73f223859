import { describe, expect, it } from 'vitest';
import type { SongFileMetadata, SongFolderFiles } from '../../../events/catalog';
import { decisionSpec } from '../../../events/catalog/testing/decision-spec';
import { storedEvents } from '../../../events/catalog/testing/stored-events';
import { decideRecordAnalysis, decideRecordDetectedBpm, decideRecordTempo, isAnalysisNeeded } from './song-decisions';
import { type SongAnalysis, evolveSongState, initialSongState } from './song-state';

const files: SongFolderFiles = {
  directory: '/srv/songs/alpha',
  stems: [
    { filename: 'drums.wav', bytes: 100, modifiedAt: '2025-10-01T08:00:00.000Z', durationSeconds: 20 },
    { filename: 'keys.wav', bytes: 100, modifiedAt: '2025-10-01T08:00:00.000Z', durationSeconds: 20 },
  ],
  durationSeconds: 20,
  hasLyrics: false,
  chordInstruments: ['master'],
  sections: [],
  problems: [],
};
const bare: SongFileMetadata = { title: null, genre: null, genre2: null, key: null, bpm: null, difficulty: null };
const declared: SongFileMetadata = { ...bare, key: 'D major', bpm: 90 };
const catalogued = (metadata: SongFileMetadata, chordInstruments = files.chordInstruments) =>
  ({ type: 'SongCatalogued', data: { songId: 1, folder: 'alpha', files: { ...files, chordInstruments }, metadata } }) as const;
const analysis: SongAnalysis = { stems: files.stems, bpm: 120, firstBeat: 0.5, key: 'C major', chords: { master: '[00:00.00] C\n' }, problems: [] };
const analysed = (applied: { bpm?: number; key?: string }) => ({ type: 'SongAnalysed', data: { songId: 1, ...analysis, applied } }) as const;

describe('audio analysis decisions', () => {
  const record = decisionSpec(decideRecordAnalysis, evolveSongState, initialSongState);

  it('the song takes a detected BPM and key only where song.json or an edit gives none', () => {
    record.given([catalogued(bare)]).when({ songId: 1, analysis }).then([analysed({ bpm: 120, key: 'C major' })]);
    record.given([catalogued(declared)]).when({ songId: 1, analysis }).then([analysed({})]);
    const edited = { type: 'SongMetadataEdited', data: { songId: 1, userId: 7, bpm: 100 } } as const;
    record.given([catalogued(bare), edited]).when({ songId: 1, analysis }).then([analysed({ key: 'C major' })]);
  });

  it('the same analysis again appends nothing, unless song.json stopped giving a value', () => {
    record.given([catalogued(bare), analysed({ bpm: 120, key: 'C major' })]).when({ songId: 1, analysis }).then([]);
    const withoutBpm = { type: 'SongFilesChanged', data: { songId: 1, files, metadata: { ...declared, bpm: null } } } as const;
    record.given([catalogued(declared), analysed({}), withoutBpm]).when({ songId: 1, analysis }).then([analysed({ bpm: 120 })]);
  });

  it('analysis is needed for a missing value or chart, once per set of stems', () => {
    const state = (...events: Parameters<typeof storedEvents>[0]) => storedEvents(events).reduce(evolveSongState, initialSongState);
    expect(isAnalysisNeeded(state(catalogued(bare)), ['drums', 'keys'])).toBe(true);
    // BPM and key given, chord files too (any: a folder with chord files has given its charts).
    expect(isAnalysisNeeded(state(catalogued(declared)), ['drums', 'keys'])).toBe(false);
    expect(isAnalysisNeeded(state(catalogued(declared, [])), ['drums', 'keys'])).toBe(true);
    expect(isAnalysisNeeded(state(catalogued(bare), analysed({ bpm: 120, key: 'C major' })), ['drums', 'keys'])).toBe(false);
    const changed = { type: 'SongFilesChanged' as const, data: { songId: 1, files: { ...files, stems: [files.stems[0]!] } } };
    expect(isAnalysisNeeded(state(catalogued(bare), analysed({ bpm: 120, key: 'C major' }), changed), ['drums'])).toBe(false);
    const bpmCleared = { type: 'SongMetadataEdited', data: { songId: 1, userId: 7, bpm: null } } as const;
    expect(isAnalysisNeeded(state(catalogued(bare), analysed({ bpm: 120, key: 'C major' }), changed, bpmCleared), ['drums'])).toBe(true);
    // The same files with a length read better since (encoder delay left out): nothing new to analyse.
    const relength = { type: 'SongFilesChanged' as const, data: { songId: 1, files: { ...files, stems: files.stems.map((stem) => ({ ...stem, durationSeconds: 19.97 })) } } };
    expect(isAnalysisNeeded(state(catalogued(declared, []), analysed({}), relength), ['drums', 'keys'])).toBe(false);
    const removed = { type: 'SongRemovedFromDisk', data: { songId: 1 } } as const;
    expect(isAnalysisNeeded(state(catalogued(bare), removed), ['drums'])).toBe(false);
  });

  it("a scan's tempo is recorded on its own, taken only where the song has no BPM, once per finding", () => {
    const tempo = decisionSpec(decideRecordTempo, evolveSongState, initialSongState);
    const found = { stems: files.stems, bpm: 120, firstBeat: 0.5 };
    const tempoAnalysed = (applied: { bpm?: number }) => ({ type: 'SongTempoAnalysed', data: { songId: 1, ...found, applied } }) as const;
    tempo.given([catalogued(bare)]).when({ songId: 1, tempo: found }).then([tempoAnalysed({ bpm: 120 })]);
    tempo.given([catalogued(declared)]).when({ songId: 1, tempo: found }).then([tempoAnalysed({})]);
    // The same finding again, alone or repeated by the SongAnalysed that followed: nothing new.
    tempo.given([catalogued(bare), tempoAnalysed({ bpm: 120 })]).when({ songId: 1, tempo: found }).then([]);
    tempo.given([catalogued(declared), analysed({})]).when({ songId: 1, tempo: found }).then([]);
    // Nothing found records nothing; a song off disk takes nothing.
    tempo.given([catalogued(bare)]).when({ songId: 1, tempo: { ...found, bpm: null, firstBeat: null } }).then([]);
    tempo.given([catalogued(bare), { type: 'SongRemovedFromDisk', data: { songId: 1 } }]).when({ songId: 1, tempo: found }).then([]);
    // The analysis that follows takes only what the tempo left: the key.
    record.given([catalogued(bare), tempoAnalysed({ bpm: 120 })]).when({ songId: 1, analysis }).then([analysed({ key: 'C major' })]);
  });

  it('a rescan replaces an edited BPM, but not one song.json gives', () => {
    const rescan = decisionSpec(decideRecordDetectedBpm, evolveSongState, initialSongState);
    const edited = { type: 'SongMetadataEdited', data: { songId: 1, userId: 7, bpm: 60 } } as const;
    rescan.given([catalogued(bare), edited]).when({ songId: 1, userId: 7, bpm: 121.5, firstBeat: 0.25 }).then([
      { type: 'SongBpmDetected', data: { songId: 1, userId: 7, bpm: 121.5, applied: true, firstBeat: 0.25 } },
    ]);
    rescan.given([catalogued(declared)]).when({ songId: 1, userId: 7, bpm: 121.5, firstBeat: null }).then([
      { type: 'SongBpmDetected', data: { songId: 1, userId: 7, bpm: 121.5, applied: false, firstBeat: null } },
    ]);
  });

  it('an analysis recorded before first beats were detected is not the same as one with a first beat', () => {
    const { firstBeat: _firstBeat, ...older } = analysis;
    const olderAnalysed = { type: 'SongAnalysed', data: { songId: 1, ...older, applied: { bpm: 120, key: 'C major' } } } as const;
    record.given([catalogued(bare), olderAnalysed]).when({ songId: 1, analysis }).then([analysed({})]);
    record.given([catalogued(bare), olderAnalysed]).when({ songId: 1, analysis: older }).then([]);
  });
});
