import type { PracticeSessionBody } from './send-practice-session';

/** Sessions that could not be sent (offline, server down), kept on this device until they are. */
const storageKey = 'woodshed.pendingPracticeSessions';
/** At most this many are kept: the oldest go first. */
export const maxPendingSessions = 100;

interface PendingSession {
  /** Whose session it is: only that user's sign-in sends it. */
  userId: number;
  body: PracticeSessionBody;
}

function read(storage: Storage): PendingSession[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? (parsed as PendingSession[]) : [];
  } catch {
    return [];
  }
}

function write(storage: Storage, sessions: PendingSession[]): void {
  try {
    if (sessions.length === 0) storage.removeItem(storageKey);
    else storage.setItem(storageKey, JSON.stringify(sessions.slice(-maxPendingSessions)));
  } catch {
    // Storage full or disabled: the session is lost, as it would be without this queue.
  }
}

/** Keep a session to send later. */
export function keepPendingSession(storage: Storage, userId: number, body: PracticeSessionBody): void {
  write(storage, [...read(storage).filter((pending) => pending.body.sessionId !== body.sessionId), { userId, body }]);
}

/** Sends this user's kept sessions, each with its own id so none counts twice; resolves how many are still kept. */
export async function sendPendingSessions(
  storage: Storage,
  userId: number,
  send: (body: PracticeSessionBody) => Promise<'recorded' | 'refused' | 'not-sent'>,
): Promise<number> {
  const mine = read(storage).filter((pending) => pending.userId === userId);
  const done = new Set<string>();
  for (const pending of mine) {
    const outcome = await send(pending.body);
    if (outcome === 'not-sent') break;
    done.add(pending.body.sessionId);
  }
  const left = read(storage).filter((pending) => !done.has(pending.body.sessionId));
  write(storage, left);
  return left.filter((pending) => pending.userId === userId).length;
}
