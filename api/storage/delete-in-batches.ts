/**
 * Delete a backlog a batch at a time (`deleteBatch(limit)`), until a batch comes back short or
 * `signal` aborts, so no long lock or transaction is held. Resolves with the total removed.
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
