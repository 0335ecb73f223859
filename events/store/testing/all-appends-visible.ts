import { setTimeout as sleep } from 'node:timers/promises';
import { visible } from '../postgres/read-log';
import type { SqlExecutor } from '../postgres/sql-client';

/**
 * Waits until every event appended so far is visible to the log's readers. On the shared
 * PostgreSQL server, readers see nothing past the oldest transaction open in the cluster (another
 * test file's, in another schema): a test that reads its own log to the head must first wait for
 * its own appends to come into view, or it reads a log that stops short.
 */
export async function allAppendsVisible(sql: SqlExecutor, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql.query<{ hidden: string }>(`SELECT count(*) AS hidden FROM events WHERE NOT (${visible})`);
    const hidden = Number(rows[0]?.hidden ?? 0);
    if (hidden === 0) return;
    if (Date.now() > deadline) throw new Error(`${hidden} appended events still hidden from readers after ${timeoutMs} ms: a transaction open on the server holds them back`);
    await sleep(20);
  }
}
