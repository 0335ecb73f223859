/**
 * The index of the last item whose time is at or before `time`, or -1 when all start later. Items
 * must be sorted by time: a binary search, so a lookup on every animation frame stays cheap for a
 * long song's lyrics or chord chart.
 */
export function findLastAtOrBefore(items: readonly { time: number }[], time: number): number {
  let low = 0;
  let high = items.length; // the answer is in [low - 1, high - 1]
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (items[middle]!.time <= time) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
