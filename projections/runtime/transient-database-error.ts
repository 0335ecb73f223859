// SQLSTATEs that say nothing about the event: classes 08 and 53 whole, plus the ones below.
const transientStates = new Set(['40001', '40P01', '57014', '55P03', '57P01', '57P02', '57P03', '58000', '58030']);
const transientClasses = new Set(['08', '53']);
/** Node's socket errors, as `pg` passes them on. */
const transientSocketCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** `pg` reports a connection that died mid-query with a bare Error carrying one of these messages. */
const transientMessages = [/Connection terminated/i, /connection (?:is )?(?:closed|lost|ended)/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

/** Whether a database error is transient: the work is retried, never blamed on the event. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (transientStates.has(code) || transientClasses.has(code.slice(0, 2)) || transientSocketCodes.has(code)) return true;
    // A SQLSTATE of another class is a verdict on the statement (a constraint, a type, a bug).
    if (/^[0-9A-Z]{5}$/.test(code)) return false;
  }
  return transientMessages.some((pattern) => pattern.test(error.message));
}
