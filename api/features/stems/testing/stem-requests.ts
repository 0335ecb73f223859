import { type IncomingHttpHeaders, request } from 'node:http';
import { type DataOf, decodeEvent } from '../../../../events/catalog';
import type { EventStore } from '../../../../events/store/event-store';
import type { TestBrowser } from '../../../testing/test-browser';
import { meteringStreamId } from '../record-stem-streamed';
import { playerRequestHeader } from '../require-player-request';

/** One response read to its last byte, body kept as bytes. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request with the path sent exactly as written (no URL normalisation, unlike fetch), so path
 * escapes reach the server as an attacker would send them.
 */
export function rawRequest(baseUrl: string, method: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, method, path: rawPath, headers: { connection: 'close', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * The headers of the player's stem requests from a signed-in test browser: its session cookie (the
 * app runs on http) and the player's header, which a client without Sec-Fetch-Site must send.
 */
export function sessionHeader(browser: TestBrowser): Record<string, string> {
  const token = browser.cookie('woodshed_session');
  if (token === undefined) throw new Error('The test browser is not signed in');
  return { cookie: `woodshed_session=${token}`, [playerRequestHeader]: '1' };
}

/** The path of a stem, its file name escaped as a browser would. */
export function stemPath(songId: number | string, filename: string): string {
  return `/api/stems/stream/${songId}/${encodeURIComponent(filename)}`;
}

export type StemStreamedData = DataOf<'StemStreamed'>;

/** The user's StemStreamed events so far, decoded. */
export async function meteredStreams(store: EventStore, userId: number): Promise<StemStreamedData[]> {
  const recorded = await store.readStream(meteringStreamId(userId));
  return recorded.map((event) => decodeEvent(event)).flatMap((event) => (event.type === 'StemStreamed' ? [event.data] : []));
}

/** Wait until the user has `count` StemStreamed events (they are appended as responses close). */
export async function waitForMeteredStreams(store: EventStore, userId: number, count: number, timeoutMs = 10_000): Promise<StemStreamedData[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await meteredStreams(store, userId);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
