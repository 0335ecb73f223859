/** A looped passage, in seconds of the song. */
export interface PracticeLoop {
  startSeconds: number;
  endSeconds: number;
}

/** POST /api/practice-sessions */
export interface PracticeSessionBody {
  sessionId: string;
  songId: number;
  startedAt: string;
  localDate: string;
  secondsPractised: number;
  tempo: number;
  transpose: number;
  loop: PracticeLoop | null;
  mutedStems: string[];
}

/**
 * Send a finished session. `keepalive` lets it finish while the page unloads (the tab closed, the
 * musician navigated away). Resolves whether the server recorded it (or already had it: a repeat
 * is recorded once); false when there was no answer or a server error, so it is kept for later.
 */
export async function sendPracticeSession(body: PracticeSessionBody): Promise<'recorded' | 'refused' | 'not-sent'> {
  try {
    const response = await fetch('/api/practice-sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive: true,
    });
    if (response.ok) return 'recorded';
    // A 4xx will not change on a retry (bad session, unknown song, signed out): drop it.
    return response.status >= 400 && response.status < 500 ? 'refused' : 'not-sent';
  } catch {
    return 'not-sent';
  }
}
