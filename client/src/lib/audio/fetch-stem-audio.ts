import { stemRequestHeaders } from './stem-request-headers';

/** A stem to load: the id the mixer knows it by, and where it streams from. */
export interface StemSource {
  id: string;
  url: string;
}

/** A stem's stream answered something other than its bytes: `status` tells the credit limit (403) from the rest. */
export class StemResponseError extends Error {
  constructor(
    readonly stemId: string,
    readonly status: number,
  ) {
    super(`stem ${stemId}: HTTP ${status}`);
    this.name = 'StemResponseError';
  }
}

/**
 * The stem's encoded bytes, fetched with the session cookie and the player's header (the stream is
 * for the player of signed-in users only, and metered per response). A non-2xx answer is an error naming the status, so a 403 (credit limit)
 * or a 404 is reported on that stem instead of being decoded as audio.
 */
export async function fetchStemAudio(source: StemSource, fetchFn: typeof fetch, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetchFn(source.url, { credentials: 'include', headers: stemRequestHeaders, signal });
  if (!response.ok) {
    // Drop the body unread: it is an error document, not audio worth metering further.
    await response.body?.cancel().catch(() => undefined);
    throw new StemResponseError(source.id, response.status);
  }
  return response.arrayBuffer();
}
