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

/** Sends a finished session with `keepalive` (it survives the page unloading); 'not-sent' keeps it for later. */
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
