import { useEffect, useRef } from 'react';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { selectKnownUser } from '../../lib/session/known-user-slice';
import { keepPendingSession, sendPendingSessions } from '../../lib/practice/pending-practice-sessions';
import { PracticeClock, localDateOf, minPracticeSeconds } from '../../lib/practice/practice-clock';
import { sendPracticeSession } from '../../lib/practice/send-practice-session';

/**
 * Records the practice log (issue 12) while a song is loaded: the time it actually plays, sent as
 * one session when the musician moves on (another song, another page, the tab closed or hidden for
 * good). A session that cannot be sent (offline) is kept on the device and sent on the next load
 * or when the network is back. Tempo, transposition and loops are not in the player yet: sessions
 * say 1x, 0 semitones and no loop.
 */
export function usePracticeSession(songId: number, isPlaying: boolean): void {
  const store = useAppStore();
  const userId = useAppSelector(selectKnownUser)?.id;
  const clock = useRef(new PracticeClock());

  useEffect(() => {
    if (isPlaying) clock.current.playing(new Date());
    else clock.current.paused(new Date());
  }, [isPlaying]);

  useEffect(() => {
    if (userId === undefined) return;
    const flushPending = () => void sendPendingSessions(localStorage, userId, sendPracticeSession);
    flushPending();
    const finish = () => {
      const now = new Date();
      const ended = clock.current;
      // What follows (a page restored from the back/forward cache, say) is a new session.
      clock.current = new PracticeClock();
      if (ended.isRunning) clock.current.playing(now);
      const seconds = ended.secondsPlayed(now);
      if (ended.startedAt === null || seconds < minPracticeSeconds) return;
      const mutedStems = store
        .getState()
        .mixer.stems.filter((stem) => stem.muted)
        .map((stem) => stem.id);
      const body = {
        sessionId: crypto.randomUUID(),
        songId,
        startedAt: ended.startedAt.toISOString(),
        localDate: localDateOf(ended.startedAt),
        secondsPractised: seconds,
        tempo: 1,
        transpose: 0,
        loop: null,
        mutedStems,
      };
      void sendPracticeSession(body).then((outcome) => {
        if (outcome === 'not-sent') keepPendingSession(localStorage, userId, body);
      });
    };
    window.addEventListener('pagehide', finish);
    window.addEventListener('online', flushPending);
    return () => {
      window.removeEventListener('pagehide', finish);
      window.removeEventListener('online', flushPending);
      finish();
    };
  }, [songId, store, userId]);
}
