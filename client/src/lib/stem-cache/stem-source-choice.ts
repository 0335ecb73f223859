/** What the online HEAD of a stem told us, or that it had no answer (offline, server down). */
export type StemHeadAnswer = { kind: 'answered'; status: number; etag: string | null } | { kind: 'unreachable' };

/** Where a stem comes from: `kept` (this user's copy, unbilled), `stream` (metered, then kept), `creditLimit` (HEAD says 403), `unavailable` (no copy, no network). */
export type StemSourceChoice = 'kept' | 'stream' | 'creditLimit' | 'unavailable';

/** Decision 0033: online, the HEAD checks access and the ETag validates the copy; a 403 still plays a kept copy; any other failure goes to the stream; offline, a kept copy plays. */
export function chooseStemSource(head: StemHeadAnswer, kept: { etag: string | null } | undefined): StemSourceChoice {
  if (head.kind === 'unreachable') return kept ? 'kept' : 'unavailable';
  if (head.status === 403) return kept ? 'kept' : 'creditLimit';
  if (head.status >= 200 && head.status < 300 && kept && kept.etag !== null && kept.etag === head.etag) return 'kept';
  return 'stream';
}
