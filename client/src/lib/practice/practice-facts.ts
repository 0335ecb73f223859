import type { PracticeLoop } from './send-practice-session';

/** How the song was played during a session: what the practice log's tempo progress is built from. */
export interface PracticeFacts {
  tempo: number;
  transpose: number;
  loop: PracticeLoop | null;
}

/** The facts of a player whose loop is `{ start, end }` in song seconds, or none. */
export function practiceFactsOf(tempo: number, transpose: number, loop: { start: number; end: number } | null): PracticeFacts {
  return { tempo, transpose, loop: loop ? { startSeconds: loop.start, endSeconds: loop.end } : null };
}

/** Whether two sets of facts are the same practice: a new tempo, pitch or loop starts a new session. */
export function sameFacts(a: PracticeFacts, b: PracticeFacts): boolean {
  return (
    a.tempo === b.tempo &&
    a.transpose === b.transpose &&
    a.loop?.startSeconds === b.loop?.startSeconds &&
    a.loop?.endSeconds === b.loop?.endSeconds
  );
}
