import { describe, expect, it } from 'vitest';
import type { SongFileMetadata, SongFolderFiles } from '../../events/catalog';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { songs } from './songs-projection';
import { findSong, findSongStem, listSongs } from './songs-queries';

const stem = (filename: string, bytes: number, durationSeconds: number | null = 61.5) => ({
  filename,
  bytes,
  modifiedAt: '2025-10-01T08:00:00.000Z',
  durationSeconds,
});

const neonFiles: SongFolderFiles = {
  directory: '/srv/songs/neon-tidewater',
  stems: [stem('bass.mp3', 1000), stem('drums.mp3', 2000, 62)],
  durationSeconds: 62,
  hasLyrics: true,
  chordInstruments: ['master', 'bass'],
  sections: [{ type: 'intro', startTime: 0, endTime: 7.5 }],
  problems: [],
};
const neonMetadata: SongFileMetadata = { title: 'Neon Tidewater', genre: 'Electronic', genre2: null, key: 'A minor', bpm: 124, difficulty: null };
const bareFiles: SongFolderFiles = {
  directory: '/srv/songs/bare',
  stems: [stem('mix.wav', 500, null)],
  durationSeconds: null,
  hasLyrics: false,
  chordInstruments: [],
  sections: [],
  problems: [{ file: 'song.json', message: 'bpm: must be positive' }],
};
/** The log position the projection spec gives the `index`th given event (from 1). */
const position = (index: number) => String(index).padStart(20, '0');
const noMetadata: SongFileMetadata = { title: null, genre: null, genre2: null, key: null, bpm: null, difficulty: null };

for (const client of availableSqlClients()) {
  describe(`songs read model (${client.name})`, () => {
    const spec = projectionSpec(songs, client);

    const history = spec.given([
      { type: 'SongCatalogued', data: { songId: 1, folder: 'neon-tidewater', files: neonFiles, metadata: neonMetadata }, streamId: 'song-1' },
      { type: 'SongCatalogued', data: { songId: 2, folder: 'bare', files: bareFiles, metadata: noMetadata }, streamId: 'song-2' },
      { type: 'SongPlayed', data: { userId: 7, songId: 1 }, streamId: 'song-plays-1' },
      { type: 'SongMetadataEdited', data: { songId: 1, userId: 7, bpm: 126, difficulty: 8 }, streamId: 'song-1' },
      { type: 'SongStarred', data: { userId: 7, songId: 1 }, streamId: 'song-stars-7' },
      { type: 'SongStarred', data: { userId: 7, songId: 2 }, streamId: 'song-stars-7' },
      { type: 'SongUnstarred', data: { userId: 7, songId: 2 }, streamId: 'song-stars-7' },
      { type: 'SongStarred', data: { userId: 8, songId: 2 }, streamId: 'song-stars-8' },
      { type: 'SongPlayed', data: { userId: 8, songId: 1 }, streamId: 'song-plays-1' },
      { type: 'SongGenreEdited', data: { songId: 2, userId: 8, genre: 'Jazz', genre2: 'Blues' }, streamId: 'song-2' },
      // A re-scan: new stems, song.json unchanged, so the user's bpm and difficulty stand.
      {
        type: 'SongFilesChanged',
        data: { songId: 1, files: { ...neonFiles, stems: [stem('bass.mp3', 1100, 63)], durationSeconds: 63 } },
        streamId: 'song-1',
      },
      // song.json appeared in the bare folder: its values replace the edited genres; no title keeps the folder name.
      {
        type: 'SongFilesChanged',
        data: { songId: 2, files: { ...bareFiles, problems: [] }, metadata: { ...noMetadata, genre: 'Folk', difficulty: 2 } },
        streamId: 'song-2',
      },
      { type: 'SongMetadataEdited', data: { songId: 2, userId: 8, title: 'Bare Bones', key: null }, streamId: 'song-2' },
    ]);

    it('given catalogue, edits, plays and stars, then one row per song and one per star, each with the position of its last change', async () => {
      await history.then('songs', [
        {
          song_id: 1,
          folder: 'neon-tidewater',
          directory: '/srv/songs/neon-tidewater',
          title: 'Neon Tidewater',
          genre: 'Electronic',
          genre2: null,
          song_key: 'A minor',
          bpm: 126,
          first_beat: null,
          difficulty: 8,
          duration_seconds: 63,
          stems: [stem('bass.mp3', 1100, 63)],
          has_lyrics: true,
          chord_instruments: ['master', 'bass'],
          detected_chord_instruments: [],
          sections: [{ type: 'intro', startTime: 0, endTime: 7.5 }],
          problems: [],
          play_count: '2',
          on_disk: true,
          changed_at: new Date('2025-10-16T09:11:00.000Z'),
          position: position(11),
        },
        {
          song_id: 2,
          folder: 'bare',
          directory: '/srv/songs/bare',
          title: 'Bare Bones',
          genre: 'Folk',
          genre2: null,
          song_key: null,
          bpm: null,
          first_beat: null,
          difficulty: 2,
          duration_seconds: null,
          stems: [stem('mix.wav', 500, null)],
          has_lyrics: false,
          chord_instruments: [],
          detected_chord_instruments: [],
          sections: [],
          problems: [],
          play_count: '0',
          on_disk: true,
          changed_at: new Date('2025-10-16T09:13:00.000Z'),
          position: position(13),
        },
      ]);
      await history.then(
        'song_stars',
        [
          { user_id: 7, song_id: 1, starred: true, changed_at: new Date('2025-10-16T09:05:00.000Z'), position: position(5) },
          // An unstar keeps the row, so sync can tell the user's other devices.
          { user_id: 7, song_id: 2, starred: false, changed_at: new Date('2025-10-16T09:07:00.000Z'), position: position(7) },
          { user_id: 8, song_id: 2, starred: true, changed_at: new Date('2025-10-16T09:08:00.000Z'), position: position(8) },
        ],
        { orderBy: 'user_id, song_id' },
      );
    });

    it('given the library, then the queries answer with each user’s stars and find stems by exact name only', async () => {
      await history.thenRead(async (sql) => {
        const forSeven = await listSongs(sql, 7);
        expect(forSeven.map((song) => [song.id, song.title, song.starred])).toEqual([
          [2, 'Bare Bones', false],
          [1, 'Neon Tidewater', true],
        ]);
        expect((await listSongs(sql, null)).every((song) => !song.starred)).toBe(true);
        expect(await findSong(sql, 2, 8)).toMatchObject({ id: 2, starred: true, genre: 'Folk', difficulty: 2, key: null, playCount: 0 });
        expect(await findSong(sql, 1, 8)).toMatchObject({ bpm: 126, playCount: 2, durationSeconds: 63, chordInstruments: ['master', 'bass'] });
        expect(await findSong(sql, 3, 7)).toBeUndefined();
        expect(await findSongStem(sql, 1, 'bass.mp3')).toEqual({
          path: '/srv/songs/neon-tidewater/bass.mp3',
          bytes: 1100,
          modifiedAt: new Date('2025-10-01T08:00:00.000Z'),
        });
        for (const name of ['drums.mp3', 'BASS.MP3', '../bare/mix.wav', 'lyrics.lrc', 'bass.mp3 ', '']) {
          expect(await findSongStem(sql, 1, name), name).toBeUndefined();
        }
        expect(await findSongStem(sql, 2, 'bass.mp3')).toBeUndefined();
      });
    });

    it('given analyses, then the song has the first beat of the last one that found it; older events without one leave it unknown', async () => {
      const analysis = { stems: neonFiles.stems, bpm: 120, key: 'A minor', chords: {}, problems: [] };
      const analysed = spec.given([
        { type: 'SongCatalogued', data: { songId: 1, folder: 'neon-tidewater', files: neonFiles, metadata: noMetadata }, streamId: 'song-1' },
        // Recorded before first beats were detected.
        { type: 'SongAnalysed', data: { songId: 1, ...analysis, applied: { bpm: 120 } }, streamId: 'song-1' },
        { type: 'SongCatalogued', data: { songId: 2, folder: 'bare', files: bareFiles, metadata: noMetadata }, streamId: 'song-2' },
        { type: 'SongAnalysed', data: { songId: 2, ...analysis, firstBeat: 0.512, applied: {} }, streamId: 'song-2' },
      ]);
      await analysed.thenRead(async (sql) => {
        expect(await findSong(sql, 1, 7)).toMatchObject({ bpm: 120, firstBeat: null });
        expect(await findSong(sql, 2, 7)).toMatchObject({ bpm: null, firstBeat: 0.512 });
      });
      // A rescan's first beat replaces it, whether or not the song takes the BPM; one without leaves it.
      await spec
        .given([
          { type: 'SongCatalogued', data: { songId: 1, folder: 'neon-tidewater', files: neonFiles, metadata: neonMetadata }, streamId: 'song-1' },
          { type: 'SongAnalysed', data: { songId: 1, ...analysis, firstBeat: 0.5, applied: {} }, streamId: 'song-1' },
          { type: 'SongBpmDetected', data: { songId: 1, userId: 7, bpm: 121, applied: false, firstBeat: 0.25 }, streamId: 'song-1' },
          { type: 'SongBpmDetected', data: { songId: 1, userId: 7, bpm: 122, applied: false }, streamId: 'song-1' },
          { type: 'SongCatalogued', data: { songId: 2, folder: 'bare', files: bareFiles, metadata: noMetadata }, streamId: 'song-2' },
          { type: 'SongAnalysed', data: { songId: 2, ...analysis, firstBeat: 0.5, applied: { bpm: 120 } }, streamId: 'song-2' },
          { type: 'SongBpmDetected', data: { songId: 2, userId: 7, bpm: 121, applied: true, firstBeat: null }, streamId: 'song-2' },
        ])
        .thenRead(async (sql) => {
          expect(await findSong(sql, 1, 7)).toMatchObject({ bpm: 124, firstBeat: 0.25 });
          expect(await findSong(sql, 2, 7)).toMatchObject({ bpm: 121, firstBeat: null });
        });
    });

    it('given detected charts, then a song without chord files offers their instruments, master first; chord files, once there, win', async () => {
      const detected = { master: '[00:00.00] C\n', keys: '[00:00.00] C\n', bass: '[00:00.00] C\n' };
      const analysis = { stems: bareFiles.stems, bpm: null, firstBeat: null, key: null, chords: detected, problems: [] };
      const catalogued = { type: 'SongCatalogued', data: { songId: 2, folder: 'bare', files: bareFiles, metadata: noMetadata }, streamId: 'song-2' } as const;
      const analysed = { type: 'SongAnalysed', data: { songId: 2, ...analysis, applied: {} }, streamId: 'song-2' } as const;
      await spec.given([catalogued, analysed]).thenRead(async (sql) => {
        expect(await findSong(sql, 2, 7)).toMatchObject({ chordInstruments: ['master', 'bass', 'keys'], chordsDetected: true });
        expect((await listSongs(sql, 7))[0]).toMatchObject({ chordInstruments: ['master', 'bass', 'keys'], chordsDetected: true });
      });
      // A chord file appears: the file's instrument only.
      const charted = { type: 'SongFilesChanged', data: { songId: 2, files: { ...bareFiles, chordInstruments: ['guitar'] as string[] } }, streamId: 'song-2' } as const;
      await spec.given([catalogued, analysed, charted]).thenRead(async (sql) => {
        expect(await findSong(sql, 2, 7)).toMatchObject({ chordInstruments: ['guitar'], chordsDetected: false });
      });
      // The chord file gone again: the detected charts are back; a later analysis' charts replace them whole.
      const reanalysed = { type: 'SongAnalysed', data: { songId: 2, ...analysis, chords: { master: '[00:00.00] Am\n' }, applied: {} }, streamId: 'song-2' } as const;
      await spec
        .given([catalogued, analysed, charted, { type: 'SongFilesChanged', data: { songId: 2, files: bareFiles }, streamId: 'song-2' }])
        .thenRead(async (sql) => expect(await findSong(sql, 2, 7)).toMatchObject({ chordInstruments: ['master', 'bass', 'keys'] }));
      await spec.given([catalogued, analysed, reanalysed]).thenRead(async (sql) => {
        expect(await findSong(sql, 2, 7)).toMatchObject({ chordInstruments: ['master'], chordsDetected: true });
      });
    });

    it("given a scan's tempo ahead of its analysis, then the song has the BPM it took and the first beat at once", async () => {
      const tempo = { stems: neonFiles.stems, bpm: 120, firstBeat: 0.5 };
      await spec
        .given([
          { type: 'SongCatalogued', data: { songId: 1, folder: 'neon-tidewater', files: neonFiles, metadata: neonMetadata }, streamId: 'song-1' },
          { type: 'SongTempoAnalysed', data: { songId: 1, ...tempo, applied: {} }, streamId: 'song-1' },
          { type: 'SongCatalogued', data: { songId: 2, folder: 'bare', files: bareFiles, metadata: noMetadata }, streamId: 'song-2' },
          { type: 'SongTempoAnalysed', data: { songId: 2, ...tempo, firstBeat: null, applied: { bpm: 120 } }, streamId: 'song-2' },
        ])
        .thenRead(async (sql) => {
          expect(await findSong(sql, 1, 7)).toMatchObject({ bpm: 124, firstBeat: 0.5, key: 'A minor' });
          expect(await findSong(sql, 2, 7)).toMatchObject({ bpm: 120, firstBeat: null, key: null });
        });
    });

    it('given a song removed from disk, then it is hidden from the list, get and stem lookup; back on disk, it returns', async () => {
      const removed = spec.given([
        { type: 'SongCatalogued', data: { songId: 1, folder: 'neon-tidewater', files: neonFiles, metadata: neonMetadata }, streamId: 'song-1' },
        { type: 'SongRemovedFromDisk', data: { songId: 1 }, streamId: 'song-1' },
      ]);
      await removed.thenRead(async (sql) => {
        expect(await listSongs(sql, 7)).toEqual([]);
        expect(await findSong(sql, 1, 7)).toBeUndefined();
        expect(await findSongStem(sql, 1, 'bass.mp3')).toBeUndefined();
      });
      await spec
        .given([
          { type: 'SongCatalogued', data: { songId: 1, folder: 'neon-tidewater', files: neonFiles, metadata: neonMetadata }, streamId: 'song-1' },
          { type: 'SongRemovedFromDisk', data: { songId: 1 }, streamId: 'song-1' },
          { type: 'SongFilesChanged', data: { songId: 1, files: neonFiles }, streamId: 'song-1' },
        ])
        .thenRead(async (sql) => {
          expect(await findSong(sql, 1, 7)).toMatchObject({ title: 'Neon Tidewater', stems: neonFiles.stems });
        });
    });

    it("given users' own edits, then one overlay row per user and song merging their fields, applied to that user's queries only", async () => {
      const overlays = spec.given([
        { type: 'SongCatalogued', data: { songId: 1, folder: 'neon-tidewater', files: neonFiles, metadata: neonMetadata }, streamId: 'song-1' },
        { type: 'SongDetailsEditedForUser', data: { userId: 7, songId: 1, title: 'Aaa Mine', bpm: 90 }, streamId: 'song-details-7' },
        { type: 'SongDetailsEditedForUser', data: { userId: 7, songId: 1, genre: null, genre2: null, difficulty: null }, streamId: 'song-details-7' },
        { type: 'SongMetadataEdited', data: { songId: 1, userId: 1, title: 'Neon (Live)', bpm: 130, key: 'B minor' }, streamId: 'song-1' },
      ]);
      await overlays.then('song_overlays', [
        {
          user_id: 7,
          song_id: 1,
          fields: { title: 'Aaa Mine', bpm: 90, genre: null, genre2: null, difficulty: 5 },
          changed_at: expect.any(Date),
          position: position(3),
        },
      ]);
      await overlays.thenRead(async (sql) => {
        expect(await findSong(sql, 1, 7)).toMatchObject({ title: 'Aaa Mine', bpm: 90, genre: null, genre2: null, difficulty: 5, key: 'B minor' });
        expect(await findSong(sql, 1, 8)).toMatchObject({ title: 'Neon (Live)', bpm: 130, genre: 'Electronic', key: 'B minor' });
        expect((await listSongs(sql, 7)).map((song) => song.title)).toEqual(['Aaa Mine']);
        expect((await listSongs(sql, null)).map((song) => song.title)).toEqual(['Neon (Live)']);
      });
    });
  });
}
