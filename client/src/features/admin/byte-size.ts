const units = ['B', 'KB', 'MB', 'GB'] as const;
// Binary units, as the product counts them (1 credit = 10 MB = 10,485,760 bytes, spec 000).
const STEP = 1024;

/**
 * Bytes as B, KB, MB or GB with 2 decimals (spec 001, 2.9): '0.00 B', '512.00 B', '1.50 KB',
 * '10.00 MB', '3.25 GB'. GB is the largest unit ('2048.00 GB' for 2 TiB). The unit is chosen after
 * rounding, so 1,048,575 bytes reads '1.00 MB' and never '1024.00 KB'. Negative or non-finite
 * counts (never sent by the server) read as 0.
 */
export function formatBytes(bytes: number): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (unit < units.length - 1 && Number(value.toFixed(2)) >= STEP) {
    value /= STEP;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}
