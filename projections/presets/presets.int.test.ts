import { describe, expect, it } from 'vitest';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { presets } from './presets-projection';
import { findPreset, latestPresetPosition, listPresetChanges, listPresetChangesOfUsers } from './presets-queries';

const position = (index: number) => String(index).padStart(20, '0');
const quiet = { volumes: { 'drums.wav': 0.25, 'bass.wav': 1 }, mutes: { 'vocals.wav': true } };
const loud = { volumes: { 'drums.wav': 1 }, mutes: {} };
// Saved since the practice tools: with their tempo and transpose.
const practised = { volumes: { 'drums.wav': 1 }, mutes: {}, tempo: 0.7, transpose: -2 };

for (const client of availableSqlClients()) {
  describe(`presets read model (${client.name})`, () => {
    const spec = projectionSpec(presets, client);
    const history = spec.given([
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: quiet }, streamId: 'song-preset-7-1' },
      { type: 'SongPresetSaved', data: { userId: 7, songId: 2, presetData: quiet }, streamId: 'song-preset-7-2' },
      { type: 'SongPresetSaved', data: { userId: 8, songId: 1, presetData: practised }, streamId: 'song-preset-8-1' },
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: loud }, streamId: 'song-preset-7-1' },
      { type: 'SongPresetReset', data: { userId: 7, songId: 2 }, streamId: 'song-preset-7-2' },
    ]);

    it('given saves and a reset, then a row per user and song with the last change and its position; a reset is a tombstone; no tempo or transpose is 1 and 0', async () => {
      await history.then(
        'song_presets',
        [
          { user_id: 7, song_id: 1, volumes: loud.volumes, mutes: {}, tempo: 1, transpose: 0, deleted: false, changed_at: new Date('2025-10-16T09:04:00.000Z'), position: position(4) },
          { user_id: 7, song_id: 2, volumes: {}, mutes: {}, tempo: 1, transpose: 0, deleted: true, changed_at: new Date('2025-10-16T09:05:00.000Z'), position: position(5) },
          { user_id: 8, song_id: 1, volumes: loud.volumes, mutes: {}, tempo: 0.7, transpose: -2, deleted: false, changed_at: new Date('2025-10-16T09:03:00.000Z'), position: position(3) },
        ],
        { orderBy: 'user_id, song_id' },
      );
    });

    it('given the presets, then find answers only saved ones and change lists page by position per user', async () => {
      await history.thenRead(async (sql) => {
        expect(await findPreset(sql, 7, 1)).toMatchObject({ songId: 1, presetData: { ...loud, tempo: 1, transpose: 0 }, deleted: false, position: position(4) });
        expect((await findPreset(sql, 8, 1))?.presetData).toEqual(practised);
        expect(await findPreset(sql, 7, 2)).toBeUndefined();
        expect(await findPreset(sql, 9, 1)).toBeUndefined();
        expect((await listPresetChanges(sql, 7, '', 10)).map((row) => [row.songId, row.deleted, row.position])).toEqual([
          [1, false, position(4)],
          [2, true, position(5)],
        ]);
        expect((await listPresetChanges(sql, 7, '', 1)).map((row) => row.songId)).toEqual([1]);
        expect((await listPresetChanges(sql, 7, position(4), 10)).map((row) => row.songId)).toEqual([2]);
        expect(await listPresetChanges(sql, 7, position(5), 10)).toEqual([]);
        expect((await listPresetChangesOfUsers(sql, [8, 9], '', 10)).map((row) => [row.userId, row.songId])).toEqual([[8, 1]]);
        expect(await latestPresetPosition(sql)).toBe(position(5));
      });
      await spec.given([]).thenRead(async (sql) => expect(await latestPresetPosition(sql)).toBe(''));
    });
  });
}
