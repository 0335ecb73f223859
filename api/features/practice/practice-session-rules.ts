import type { PracticeSessionRequest } from './practice-requests';

/** How far a device clock may run ahead of the server's before its session is refused. */
export const clockSkewMs = 5 * 60_000;
/** How old a session may be when it arrives (a device offline for a while sends it later). */
export const maxSessionAgeMs = 30 * 24 * 60 * 60_000;
/** Time zones run from UTC-12 to UTC+14: a local date is at most this far from the UTC date. */
const maxZoneOffsetMs = 14 * 60 * 60_000;

const dayMs = 86_400_000;

/**
 * Why a session cannot be true, or null when it can: it ended in the future, began more than 30
 * days ago, claims more practice than time went by, or names a local date no time zone had at
 * its start.
 */
export function implausibleSession(session: Pick<PracticeSessionRequest, 'startedAt' | 'localDate' | 'secondsPractised'>, now: Date): string | null {
  const started = Date.parse(session.startedAt);
  const ended = started + session.secondsPractised * 1000;
  if (ended > now.getTime() + clockSkewMs) return 'The session ends in the future.';
  if (started < now.getTime() - maxSessionAgeMs) return 'The session is more than 30 days old.';
  const localMidnight = Date.parse(`${session.localDate}T00:00:00Z`);
  // The local date at the start, read as UTC midnight, lies within a day and the widest offsets.
  if (started + maxZoneOffsetMs < localMidnight || started - maxZoneOffsetMs - dayMs >= localMidnight) {
    return 'The local date does not match the start time.';
  }
  return null;
}

/** Whether `today` (the musician's date) is a date some time zone has now. */
export function isPlausibleToday(today: string, now: Date): boolean {
  const midnight = Date.parse(`${today}T00:00:00Z`);
  return now.getTime() + maxZoneOffsetMs >= midnight && now.getTime() - maxZoneOffsetMs - dayMs < midnight;
}
