import { describe, expect, it } from 'vitest';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { projectionSpec } from '../testing/projection-spec';
import { detectedChords } from './detected-chords-projection';
import { findDetectedCharts } from './detected-chords-queries';

const stems = [{ filename: 'keys.wav', bytes: 100, modifiedAt: '2025-10-01T08:00:00.000Z', durationSeconds: 20 }];
const analysed = (songId: number, chords: Record<string, string>) => ({
  type: 'SongAnalysed' as const,
  data: { songId, stems, bpm: 120, key: 'C major', chords, problems: [], applied: {} },
  streamId: `song-${songId}`,
});

for (const client of availableSqlClients()) {
  describe(`detected chords read model (${client.name})`, () => {
    const spec = projectionSpec(detectedChords, client);
    const history = spec.given([
      analysed(1, { master: '[00:00.00] C\n', keys: '[00:00.00] C\n' }),
      analysed(2, {}),
      // A later analysis of song 1 (its stems changed) replaces its charts whole.
      analysed(1, { master: '[00:00.00] Am\n' }),
    ]);

    it('given analyses, then one row per song with the charts of its last analysis', async () => {
      await history.then('detected_chords', [
        { song_id: 1, charts: { master: '[00:00.00] Am\n' }, changed_at: expect.any(Date) },
        { song_id: 2, charts: {}, changed_at: expect.any(Date) },
      ]);
    });

    it("answers a song's charts by instrument, none for a song never analysed", async () => {
      await history.thenRead(async (sql) => {
        expect(await findDetectedCharts(sql, 1)).toEqual({ master: '[00:00.00] Am\n' });
        expect(await findDetectedCharts(sql, 3)).toEqual({});
      });
    });
  });
}
