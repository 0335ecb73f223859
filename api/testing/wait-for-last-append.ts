import { encodePosition } from '../../events/store/postgres/sql-position';
import type { TestApp } from './start-test-app';

/**
 * Waits until `projection` has applied the last event appended so far. The store's head is the last *visible*
 * event: on the shared PostgreSQL server readers see nothing past another test file's open transaction, so a
 * test that waited for that head could read the read model before its own, committed, events were applied.
 */
export async function waitForLastAppend(app: TestApp, projection: string, timeoutMs = 10_000): Promise<void> {
  const { rows } = await app.sql.query<{ tx_id: string; global_position: string }>(
    'SELECT tx_id, global_position FROM events ORDER BY tx_id DESC, global_position DESC LIMIT 1',
  );
  const last = rows[0];
  if (!last) return;
  await app.projections.waitForPosition(projection, encodePosition(last.tx_id, last.global_position), { timeoutMs });
}
