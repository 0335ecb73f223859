/** The spread of repeated measurements of one figure: the median is the figure, min/max the noise. */
export interface RunSummary {
  runs: number[];
  min: number;
  median: number;
  max: number;
  /** (max - min) / median, so noise reads as one number across figures of different size. */
  spread: number;
}

export function summarizeRuns(runs: readonly number[]): RunSummary {
  if (runs.length === 0) throw new RangeError('No runs to summarise');
  const middle = median(runs);
  const min = Math.min(...runs);
  const max = Math.max(...runs);
  return { runs: [...runs], min, median: middle, max, spread: middle === 0 ? 0 : (max - min) / middle };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
