import { useEffect, useRef } from 'react';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { keepPendingSession, sendPendingSessions } from '../../lib/practice/pending-practice-sessions';
import { localDateOf } from '../../lib/practice/practice-clock';
import type { PracticeFacts } from '../../lib/practice/practice-facts';
import { PracticeParts } from '../../lib/practice/practice-parts';
import { onPracticeSessionEnd } from '../../lib/practice/practice-session-end';
import { sendPracticeSession } from '../../lib/practice/send-practice-session';
import { selectKnownUser } from '../../lib/session/known-user-slice';

/** A pause this long ends the session: the musician has stopped practising for now. */
export const idleSessionEndMs = 2 * 60_000;

/** Records the practice log (decision 0030): the time actually played, sent as one session when the musician moves on (another song, tab gone, a 2-minute pause, the log opened); unsent sessions are kept and retried; each tempo, pitch and loop is recorded apart. */
export function usePracticeSession(songId: number, isPlaying: boolean, facts: PracticeFacts): void {
  const store = useAppStore();
  const userId = useAppSelector(selectKnownUser)?.id;
  const clock = useRef(new PracticeParts(facts));
  const finishRef = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    if (isPlaying) {
      clock.current.playing(new Date());
      return;
    }
    clock.current.paused(new Date());
    const idle = setTimeout(() => void finishRef.current(), idleSessionEndMs);
    return () => clearTimeout(idle);
  }, [isPlaying]);

  useEffect(() => {
    clock.current.changed(facts, new Date());
  }, [facts]);

  useEffect(() => {
    if (userId === undefined) return;
    const flushPending = () => void sendPendingSessions(localStorage, userId, sendPracticeSession);
    flushPending();
    const finish = async () => {
      const now = new Date();
      const ended = clock.current;
      // What follows (more playing, a page restored from the back/forward cache) is a new session.
      clock.current = new PracticeParts(ended.facts);
      if (ended.isRunning) clock.current.playing(now);
      const parts = ended.toRecord(now);
      if (parts.length === 0) return;
      const mutedStems = store
        .getState()
        .mixer.stems.filter((stem) => stem.muted)
        .map((stem) => stem.id);
      // Sent at once, not one after another: the page may be unloading.
      await Promise.all(
        parts.map(async ({ facts: played, startedAt, secondsPractised }) => {
          const body = {
            sessionId: crypto.randomUUID(),
            songId,
            startedAt: startedAt.toISOString(),
            localDate: localDateOf(startedAt),
            secondsPractised,
            ...played,
            mutedStems,
          };
          if ((await sendPracticeSession(body)) === 'not-sent') keepPendingSession(localStorage, userId, body);
        }),
      );
    };
    finishRef.current = finish;
    const onPageHide = () => void finish();
    const stopListening = onPracticeSessionEnd(finish);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', flushPending);
    return () => {
      stopListening();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', flushPending);
      finishRef.current = () => Promise.resolve();
      void finish();
    };
  }, [songId, store, userId]);
}
