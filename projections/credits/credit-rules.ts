/** Bytes in one credit (10 MiB, spec 000 section 1). */
export const bytesPerCredit = 10_485_760;

/** Free credits every calendar month (UTC), from the 1st (spec 000 sections 1 and 9). */
export const freeCreditsPerMonth = 200;

/** Credits that `bytes` cost: every started 10 MiB is one credit. */
export function creditsForBytes(bytes: number): number {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`bytes must be a non-negative integer, got ${bytes}`);
  return Math.ceil(bytes / bytesPerCredit);
}

/** The first instant of the calendar month (UTC) that `at` falls in. */
export function billingMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The billing month of an instant as the read model keys it: `YYYY-MM-01` (a SQL date). */
export function billingMonthKey(at: Date | string): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an instant: ${String(at)}`);
  return billingMonthStart(instant).toISOString().slice(0, 10);
}
