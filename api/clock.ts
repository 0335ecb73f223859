/** Where the API gets the time, so handlers stay testable without a real clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
