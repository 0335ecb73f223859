import { describe, expect, it } from 'vitest';
import { keepPendingSession, maxPendingSessions, sendPendingSessions } from './pending-practice-sessions';
import type { PracticeSessionBody } from './send-practice-session';

/** The Storage interface over a Map, as a browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const body = (sessionId: string): PracticeSessionBody => ({
  sessionId,
  songId: 1,
  startedAt: '2026-11-24T10:00:00.000Z',
  localDate: '2026-11-24',
  secondsPractised: 60,
  tempo: 1,
  transpose: 0,
  loop: null,
  mutedStems: [],
});

describe('pending practice sessions', () => {
  it("sends only this user's sessions, keeps the rest, and stops at the first that cannot be sent", async () => {
    const storage = memoryStorage();
    keepPendingSession(storage, 1, body('a'));
    keepPendingSession(storage, 2, body('b'));
    keepPendingSession(storage, 1, body('c'));
    keepPendingSession(storage, 1, body('d'));
    const sent: string[] = [];
    const left = await sendPendingSessions(storage, 1, async (session) => {
      sent.push(session.sessionId);
      return session.sessionId === 'c' ? 'not-sent' : 'recorded';
    });
    expect(sent).toEqual(['a', 'c']);
    expect(left).toBe(2);
    const rest: string[] = [];
    await sendPendingSessions(storage, 2, async (session) => {
      rest.push(session.sessionId);
      return 'recorded';
    });
    expect(rest).toEqual(['b']);
    const final: string[] = [];
    expect(await sendPendingSessions(storage, 1, async (session) => (final.push(session.sessionId), 'refused'))).toBe(0);
    expect(final).toEqual(['c', 'd']);
    expect(storage.length).toBe(0);
  });

  it('keeps a session once, and only the newest ones when too many wait', () => {
    const storage = memoryStorage();
    keepPendingSession(storage, 1, body('same'));
    keepPendingSession(storage, 1, body('same'));
    for (let index = 0; index < maxPendingSessions + 5; index++) keepPendingSession(storage, 1, body(`s${index}`));
    const kept = JSON.parse(storage.getItem('woodshed.pendingPracticeSessions')!) as Array<{ body: { sessionId: string } }>;
    expect(kept).toHaveLength(maxPendingSessions);
    expect(kept[0]!.body.sessionId).toBe('s5');
  });
});
