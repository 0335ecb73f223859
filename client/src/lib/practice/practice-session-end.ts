/** Ends the session of a mounted player now (records what it has), resolving once it is sent or kept. */
type SessionEnder = () => Promise<void>;

const enders = new Set<SessionEnder>();

/** The player registers how to end its session; returns the unregister function. */
export function onPracticeSessionEnd(ender: SessionEnder): () => void {
  enders.add(ender);
  return () => {
    enders.delete(ender);
  };
}

/** Ends the session in progress, so the practice log's figures include the minutes just played. */
export async function endPracticeSessions(): Promise<void> {
  await Promise.all([...enders].map((end) => end()));
}
