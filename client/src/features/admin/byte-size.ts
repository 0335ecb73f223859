const units = ['B', 'KB', 'MB', 'GB'] as const;
// Binary units, as the product counts them (1 credit = 10 MB = 10,485,760 bytes, spec 000).
const STEP = 1024;

/** Bytes as B, KB, MB or GB with 2 decimals (spec 001, 2.9); the unit is chosen after rounding; bad counts read as 0. */
export function formatBytes(bytes: number): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (unit < units.length - 1 && Number(value.toFixed(2)) >= STEP) {
    value /= STEP;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}
