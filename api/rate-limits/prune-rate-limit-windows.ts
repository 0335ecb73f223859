import type { SqlClient } from '../../events/store/postgres/sql-client';
import { deleteInBatches } from '../storage/delete-in-batches';
import { longestRateLimitWindowMs } from './rate-limit-rule';

/**
 * Drop the counters of windows that started at least the longest window ago: whatever their
 * rule, those windows are over and can refuse nothing. Batched (delete-in-batches.ts); resolves
 * with how many rows went.
 */
export async function pruneRateLimitWindows(sql: SqlClient, options: { now: Date; batchSize: number; signal?: AbortSignal }): Promise<number> {
  const before = new Date(options.now.getTime() - longestRateLimitWindowMs);
  return deleteInBatches(
    options.batchSize,
    async (limit) => {
      // The outer condition is checked again on each row as it is deleted.
      const { rowCount } = await sql.query(
        `DELETE FROM request_rate_limits WHERE (bucket, window_start) IN (
           SELECT bucket, window_start FROM request_rate_limits WHERE window_start <= $1 LIMIT $2
         ) AND window_start <= $1`,
        [before, limit],
      );
      return rowCount;
    },
    options.signal,
  );
}
