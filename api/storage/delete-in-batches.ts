/**
 * Delete a backlog a batch at a time: `deleteBatch(limit)` removes at most `limit` rows in one
 * short statement and resolves with how many it removed. Repeats until a batch comes back short
 * or `signal` aborts, so a large backlog never holds its row locks (or one long transaction) for
 * long. Resolves with the total removed.
 */
export async function deleteInBatches(batchSize: number, deleteBatch: (limit: number) => Promise<number>, signal?: AbortSignal): Promise<number> {
  let total = 0;
  while (!signal?.aborted) {
    const removed = await deleteBatch(batchSize);
    total += removed;
    if (removed < batchSize) break;
  }
  return total;
}
