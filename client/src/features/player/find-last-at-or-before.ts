/** Binary search for the last item at or before `time` (-1 if none); `items` sorted by time. */
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
