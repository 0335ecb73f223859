/** Activity after a longer pause than this starts a new session, counted in the hour it falls in. */
export const sessionGapMs = 30 * 60_000;

export const hourMs = 3_600_000;

/** The clock hour (UTC) an instant falls in, as epoch milliseconds. */
export function hourStart(epochMs: number): number {
  return epochMs - (((epochMs % hourMs) + hourMs) % hourMs);
}
