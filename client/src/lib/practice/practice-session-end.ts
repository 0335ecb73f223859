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

/**
 * End the practice session in progress, if any (the player stays mounted behind other screens).
 * The practice log calls it before it asks for its figures, so the minutes just played are in them.
 */
export async function endPracticeSessions(): Promise<void> {
  await Promise.all([...enders].map((end) => end()));
}
