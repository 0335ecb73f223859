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
 * Decision 0033. Online, the HEAD (never billed) is the access check and the validator: the copy is
 * used while the stream's ETag is the kept one's. A 403 is the credit limit, and a kept copy needs
 * no credits, so it plays. A 401, 404 or any other answer goes to the stream, which answers the same
 * and fails that stem as before: the copy of a stem no longer served is not used. Offline, a kept
 * copy plays.
 */
export function chooseStemSource(head: StemHeadAnswer, kept: { etag: string | null } | undefined): StemSourceChoice {
  if (head.kind === 'unreachable') return kept ? 'kept' : 'unavailable';
  if (head.status === 403) return kept ? 'kept' : 'creditLimit';
  if (head.status >= 200 && head.status < 300 && kept && kept.etag !== null && kept.etag === head.etag) return 'kept';
  return 'stream';
}
