/** What the online HEAD of a stem told us, or that it had no answer (offline, server down). */
export type StemHeadAnswer = { kind: 'answered'; status: number; etag: string | null } | { kind: 'unreachable' };

/**
 * Where a stem's bytes come from when a song opens:
 * - `kept`: this browser's copy for this user; nothing is streamed, so nothing is billed;
 * - `stream`: GET the stream (metered), and keep what it sends;
 * - `creditLimit`: the stem must be streamed and the HEAD says the credits do not cover it;
 * - `unavailable`: no copy here and no network.
 */
export type StemSourceChoice = 'kept' | 'stream' | 'creditLimit' | 'unavailable';

/**
 * Decision 0033: online, the HEAD (never billed) checks access and validates the copy by ETag; a 403
 * (the credit limit) still plays a kept copy; other answers go to the stream. Offline, a copy plays.
 */
export function chooseStemSource(head: StemHeadAnswer, kept: { etag: string | null } | undefined): StemSourceChoice {
  if (head.kind === 'unreachable') return kept ? 'kept' : 'unavailable';
  if (head.status === 403) return kept ? 'kept' : 'creditLimit';
  if (head.status >= 200 && head.status < 300 && kept && kept.etag !== null && kept.etag === head.etag) return 'kept';
  return 'stream';
}
