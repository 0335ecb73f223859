import { stemRequestHeaders } from './stem-request-headers';

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

/** The stem's encoded bytes, with the session cookie and the player's header; a non-2xx answer throws. */
export async function fetchStemAudio(source: StemSource, fetchFn: typeof fetch, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetchFn(source.url, { credentials: 'include', headers: stemRequestHeaders, signal });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new StemResponseError(source.id, response.status);
  }
  return response.arrayBuffer();
}
