const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in decimal units as storage settings show them (1 MB = 1,000,000), one decimal below 10. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`not a byte count: ${bytes}`);
  if (bytes < 1000) return `${bytes} B`;
  let value = bytes;
  let unit = 0;
  value /= 1000;
  while (value >= 999.95 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value).toString()} ${UNITS[unit]}`;
}
