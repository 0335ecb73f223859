import { describe, expect, it } from 'vitest';
import type { GivenEvent } from '../../events/catalog/testing/stored-events';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { type GenerationTables, defineProjection } from '../runtime/projection-definition';
import { projectionSpec } from './projection-spec';

/** Stars per user; `overwrite` is the classic bug of a write that forgets earlier batches. */
function starsPerUser(options: { overwrite: boolean }) {
  return defineProjection({
    name: 'stars-per-user',
    version: 1,
    eventTypes: ['SongStarred'],
    tables: ['stars_per_user'],
    migration: (tables: GenerationTables<'stars_per_user'>) => `CREATE TABLE ${tables.stars_per_user} (user_id integer PRIMARY KEY, stars bigint NOT NULL)`,
    fold(events, changes: Map<number, number> = new Map()) {
      for (const event of events) changes.set(event.data.userId, (changes.get(event.data.userId) ?? 0) + 1);
      return changes;
    },
    async apply(tx: SqlExecutor, changes: Map<number, number>, tables) {
      const merge = options.overwrite ? 'excluded.stars' : 'current.stars + excluded.stars';
      await tx.query(
        `INSERT INTO ${tables.stars_per_user} AS current (user_id, stars) SELECT * FROM unnest($1::integer[], $2::bigint[])
         ON CONFLICT (user_id) DO UPDATE SET stars = ${merge}`,
        [[...changes.keys()], [...changes.values()]],
      );
    },
  });
}

const stars: GivenEvent[] = [
  { type: 'SongStarred', data: { userId: 1, songId: 1 } },
  { type: 'UserSignedIn', data: { userId: 1, method: 'code' } },
  { type: 'SongStarred', data: { userId: 1, songId: 2 } },
  { type: 'SongStarred', data: { userId: 2, songId: 1 } },
];

for (const client of availableSqlClients()) {
  describe(`projectionSpec (${client.name})`, () => {
    const correct = projectionSpec(starsPerUser({ overwrite: false }), client);
    const overwriting = projectionSpec(starsPerUser({ overwrite: true }), client);

    it('folds the given events of its types into fresh tables and compares the rows', async () => {
      await correct.given(stars).then('stars_per_user', [
        { user_id: 1, stars: '2' },
        { user_id: 2, stars: '1' },
      ]);
      // Each given starts from empty tables.
      await correct.given([]).then('stars_per_user', []);
      await correct.given(stars).thenRead(async (sql) => {
        const { rows } = await sql.query<{ total: string }>('SELECT sum(stars)::text AS total FROM stars_per_user');
        expect(rows).toEqual([{ total: '3' }]);
      });
    });

    it('fails on rows that differ, and on a write that depends on how the log is split into batches', async () => {
      await expect(correct.given(stars).then('stars_per_user', [{ user_id: 1, stars: '2' }])).rejects.toThrow(/after folding one batch/);
      await expect(
        overwriting.given(stars).then('stars_per_user', [
          { user_id: 1, stars: '2' },
          { user_id: 2, stars: '1' },
        ]),
      ).rejects.toThrow(/after folding one event per batch/);
    });
  });
}
