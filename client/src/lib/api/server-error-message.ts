/**
 * The message to show for a failed call: the server's own `error.message` when its answer carries
 * one, else the caller's fallback text (the spec's "server message or ..."). Raw bodies are never
 * shown (spec 001, section 8): only a message field the server wrote for people.
 *
 * `error` is whatever a failed call rejected with: normally an ApiError whose message is
 * '{status}: {body text}' (see read-response.ts).
 */
export function serverErrorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null) return fallback;
  const { status, message } = error as { status?: unknown; message?: unknown };
  if (typeof status !== 'number' || typeof message !== 'string') return fallback;
  const prefix = `${status}: `;
  if (!message.startsWith(prefix)) return fallback;
  return messageInBody(message.slice(prefix.length)) ?? fallback;
}

/** True when the call never got an answer (offline, DNS, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 'FETCH_ERROR';
}

function messageInBody(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { error, message } = parsed as { error?: unknown; message?: unknown };
  // Our API answers { error: { code, message } }; a bare { error: 'text' } or { message } is accepted too.
  const candidate =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : typeof error === 'string' ? error : message;
  return typeof candidate === 'string' && candidate.trim() !== '' ? candidate.trim() : undefined;
}
