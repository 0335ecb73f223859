/** Where the API gets the time, so handlers stay testable (STYLE.md 2). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
