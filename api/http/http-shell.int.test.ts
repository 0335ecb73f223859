import { randomUUID } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventStore } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { featureRouters } from '../app';
import { startTestApp, testPublicUrl } from '../testing/start-test-app';
import type { TestApp } from '../testing/start-test-app';
import type { AppRouter, AppState } from './app-context';
import { AppError } from './app-error';
import { parseBody } from './parse-request';

const notesStream = 'test-notes';
const noteSchema = z.object({ text: z.string().min(1).max(200), stars: z.number().int().min(0).max(5).optional() });

/** Test-only routes that change state through the real store, to see what the shell lets through. */
function testRouter(store: EventStore): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/test' });
  const appendNote = async (type: string, data: unknown) => {
    const result = await store.append(
      notesStream,
      [{ eventId: randomUUID(), type, schemaVersion: 1, data, metadata: {} }],
      { expectedVersion: 'any' },
    );
    return result.position;
  };
  router.post('/notes', async (ctx) => {
    const note = parseBody(ctx, noteSchema);
    ctx.status = 201;
    ctx.body = { position: await appendNote('TestNoteAdded', note) };
  });
  router.patch('/notes/:id', async (ctx) => {
    const note = parseBody(ctx, noteSchema.partial());
    ctx.body = { position: await appendNote('TestNoteChanged', { id: ctx.params.id, ...note }) };
  });
  router.delete('/notes/:id', async (ctx) => {
    ctx.body = { position: await appendNote('TestNoteRemoved', { id: ctx.params.id }) };
  });
  router.post('/logout', async (ctx) => {
    ctx.body = { loggedOut: true, body: ctx.request.body };
  });
  router.get('/conflict', () => {
    throw new AppError(409, 'conflict', 'That song is already starred.');
  });
  router.get('/boom', () => {
    throw new Error('connection to db.internal:5432 refused for user woodshed');
  });
  return router;
}

async function notesWritten(store: EventStore): Promise<number> {
  return (await store.readStream(notesStream)).length;
}

for (const candidate of availableSqlClients()) {
  describe(`HTTP shell on ${candidate.name}`, () => {
    let sql: SqlClient;
    let app: TestApp;

    beforeAll(async () => {
      sql = await candidate.open();
      app = await startTestApp({ sql, routers: (deps) => [...featureRouters(deps), testRouter(deps.store)] });
    });
    afterAll(async () => {
      await app?.stop();
      await sql?.close();
    });

    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    describe('errors', () => {
      it('answers an AppError with its status, code and message', async () => {
        const response = await fetch(`${app.url}/api/test/conflict`);
        expect(response.status).toBe(409);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ error: { code: 'conflict', message: 'That song is already starred.' } });
      });

      it('hides the details of an unexpected error behind a generic 500, and logs them', async () => {
        const response = await fetch(`${app.url}/api/test/boom`);
        expect(response.status).toBe(500);
        const body = await response.text();
        expect(JSON.parse(body)).toEqual({
          error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
        });
        expect(body).not.toContain('db.internal');
        const requestId = response.headers.get('x-request-id');
        const logged = app.logLines().find((line) => line.requestId === requestId && line.msg === 'request failed');
        expect(JSON.stringify(logged)).toContain('connection to db.internal:5432 refused');
      });

      it('answers unknown API routes with a JSON 404', async () => {
        const response = await fetch(`${app.url}/api/no-such-thing?token=abc`);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'No API route for GET /api/no-such-thing.' } });
      });

      it('answers a known route with the wrong method with a JSON 405 and Allow', async () => {
        const response = await fetch(`${app.url}/api/health`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toContain('GET');
        expect(await response.json()).toEqual({ error: { code: 'method_not_allowed', message: 'PUT is not allowed here.' } });
      });

      it('answers malformed JSON with 400 and an over-large body with 413', async () => {
        const malformed = await fetch(`${app.url}/api/test/notes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"text": "unterminated',
        });
        expect(malformed.status).toBe(400);
        expect(await malformed.json()).toEqual({ error: { code: 'invalid_request', message: 'The request body is not valid JSON.' } });

        const large = await post('/api/test/notes', { text: 'x'.repeat(200 * 1024) });
        expect(large.status).toBe(413);
        expect(((await large.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
      });
    });

    describe('request ids', () => {
      it('echoes a sane incoming X-Request-Id', async () => {
        const response = await fetch(`${app.url}/api/health`, { headers: { 'X-Request-Id': 'lb-2f9c.77:abc' } });
        expect(response.headers.get('x-request-id')).toBe('lb-2f9c.77:abc');
      });

      it('replaces a missing or insane one with a UUID', async () => {
        const missing = await fetch(`${app.url}/api/health`);
        expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        const insane = await fetch(`${app.url}/api/health`, { headers: { 'X-Request-Id': 'evil id <script>' } });
        expect(insane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        expect(insane.headers.get('x-request-id')).not.toBe(missing.headers.get('x-request-id'));
      });
    });

    describe('request log', () => {
      it('writes one line per request with method, path, status, ms and request id, and no secrets', async () => {
        const requestId = `log-${randomUUID()}`;
        await fetch(`${app.url}/api/no-such-thing?token=s3cret-token`, {
          headers: { 'X-Request-Id': requestId, Cookie: 'session=s3cret-cookie', Authorization: 'Bearer s3cret-bearer' },
        });
        // The line is written when the response closes, which can trail the client's read by a tick.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const lines = app.logLines().filter((line) => line.requestId === requestId);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/no-such-thing', status: 404, requestId });
        expect(typeof lines[0]!.ms).toBe('number');
        expect(JSON.stringify(app.logLines())).not.toMatch(/s3cret/);
      });
    });

    describe('security headers', () => {
      it('sends the CSP and the other helmet headers on API and error responses', async () => {
        for (const path of ['/api/health', '/api/test/boom']) {
          const response = await fetch(`${app.url}${path}`);
          const csp = response.headers.get('content-security-policy') ?? '';
          expect(csp).toContain("default-src 'self'");
          expect(csp).toContain("script-src 'self' blob:");
          expect(csp).toContain("style-src 'self'");
          expect(csp).toContain("media-src 'self' blob:");
          expect(csp).toContain("img-src 'self' data: blob:");
          expect(csp).toContain("frame-ancestors 'none'");
          expect(csp).not.toContain('unsafe-inline');
          // WebAssembly may compile (the stretch worklet, the MP3 encoder: decision 0033); JavaScript eval may not.
          expect(csp).toContain("'wasm-unsafe-eval'");
          expect(csp).not.toMatch(/(?<!wasm-)unsafe-eval/);
          // http://woodshed.test is not https: no HSTS, no upgrade.
          expect(csp).not.toContain('upgrade-insecure-requests');
          expect(response.headers.get('strict-transport-security')).toBeNull();
          expect(response.headers.get('x-content-type-options')).toBe('nosniff');
          expect(response.headers.get('x-frame-options')).toBe('DENY');
          expect(response.headers.get('referrer-policy')).toBe('same-origin');
          expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
          // Cross-origin isolation, for the player's shared stem memory (SharedArrayBuffer).
          expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
          expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
          expect(response.headers.get('cache-control')).toBe('no-store');
        }
      });

      it('sends a Permissions-Policy that keeps autoplay, fullscreen, the microphone (takes) and MIDI (pedals) for our pages and denies the rest', async () => {
        for (const path of ['/api/health', '/api/test/boom', '/login']) {
          const header = (await fetch(`${app.url}${path}`)).headers.get('permissions-policy') ?? '';
          const policy = new Map(header.split(', ').map((entry) => entry.split('=') as [string, string]));
          expect(policy.get('autoplay'), path).toBe('(self)');
          expect(policy.get('fullscreen'), path).toBe('(self)');
          expect(policy.get('microphone'), path).toBe('(self)');
          expect(policy.get('midi'), path).toBe('(self)');
          for (const denied of ['camera', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture']) {
            expect(policy.get(denied), `${path} ${denied}`).toBe('()');
          }
          // Names Chromium does not recognise make it warn on every page.
          for (const unrecognised of ['bluetooth', 'web-share']) expect(policy.has(unrecognised), `${path} ${unrecognised}`).toBe(false);
          expect([...policy.values()].every((allowlist) => allowlist === '()' || allowlist === '(self)'), path).toBe(true);
        }
      });
    });

    describe('cross-site requests', () => {
      const writes = [
        { method: 'POST', path: '/api/test/notes' },
        { method: 'PATCH', path: '/api/test/notes/1' },
        { method: 'DELETE', path: '/api/test/notes/1' },
      ];

      for (const { method, path } of writes) {
        it(`refuses ${method} from a foreign Origin or a cross-site fetch, and writes nothing`, async () => {
          const before = await notesWritten(app.store);
          const attempts: Array<Record<string, string>> = [
            { Origin: 'https://evil.example' },
            { Origin: 'null' },
            { 'Sec-Fetch-Site': 'cross-site' },
            { 'Sec-Fetch-Site': 'same-site' },
            // The browser's Sec-Fetch-Site wins even when the Origin looks right.
            { Origin: testPublicUrl, 'Sec-Fetch-Site': 'cross-site' },
          ];
          for (const headers of attempts) {
            const response = await fetch(`${app.url}${path}`, {
              method,
              headers: { 'Content-Type': 'application/json', ...headers },
              body: JSON.stringify({ text: 'hello' }),
            });
            expect(response.status, JSON.stringify(headers)).toBe(403);
            expect(await response.json()).toEqual({ error: { code: 'cross_site_request', message: 'Cross-site requests are not allowed.' } });
          }
          expect(await notesWritten(app.store)).toBe(before);
        });
      }

      it('accepts the same request from the public origin, its own host, or no browser at all', async () => {
        const before = await notesWritten(app.store);
        const accepted: Array<Record<string, string>> = [
          { Origin: testPublicUrl, 'Sec-Fetch-Site': 'same-origin' },
          { Origin: app.url },
          { 'Sec-Fetch-Site': 'none' },
          {},
        ];
        for (const headers of accepted) {
          const response = await post('/api/test/notes', { text: 'hello' }, headers);
          expect(response.status, JSON.stringify(headers)).toBe(201);
        }
        expect(await notesWritten(app.store)).toBe(before + accepted.length);
      });

      it('lets cross-site GETs through (they change nothing)', async () => {
        const response = await fetch(`${app.url}/api/health`, { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } });
        expect(response.status).toBe(200);
      });
    });

    describe('request bodies', () => {
      it('refuses a non-JSON body with 415 and writes nothing', async () => {
        const before = await notesWritten(app.store);
        for (const [contentType, body] of [
          ['text/plain', '{"text":"hello"}'],
          ['application/x-www-form-urlencoded', 'text=hello'],
          ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello\r\n--x--'],
        ] as const) {
          for (const method of ['POST', 'PATCH', 'DELETE']) {
            const path = method === 'POST' ? '/api/test/notes' : '/api/test/notes/1';
            const response = await fetch(`${app.url}${path}`, { method, headers: { 'Content-Type': contentType }, body });
            expect(response.status, `${method} ${contentType}`).toBe(415);
            expect(await response.json()).toEqual({
              error: { code: 'unsupported_media_type', message: 'Send the request body as application/json.' },
            });
          }
        }
        const untyped = await fetch(`${app.url}/api/test/notes`, { method: 'POST', body: new Uint8Array([123, 125]) });
        expect(untyped.status).toBe(415);
        expect(await notesWritten(app.store)).toBe(before);
      });

      it('accepts an empty body with or without a JSON content type (logout)', async () => {
        const bare = await fetch(`${app.url}/api/test/logout`, { method: 'POST' });
        expect(bare.status).toBe(200);
        expect(await bare.json()).toEqual({ loggedOut: true, body: {} });
        const emptyObject = await post('/api/test/logout', {});
        expect(await emptyObject.json()).toEqual({ loggedOut: true, body: {} });
        const charset = await fetch(`${app.url}/api/test/logout`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: '{"everywhere":true}',
        });
        expect(await charset.json()).toEqual({ loggedOut: true, body: { everywhere: true } });
      });

      it('answers a body that is not what its Content-Encoding says with 400, and an unknown encoding with 415', async () => {
        const json = Buffer.from('{"everywhere":true}');
        const gzipped = gzipSync(json);
        const send = (encoding: string, body: Uint8Array) =>
          fetch(`${app.url}/api/test/logout`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
            body,
          });
        const good = await send('gzip', gzipped);
        expect(await good.json()).toEqual({ loggedOut: true, body: { everywhere: true } });
        for (const [encoding, body] of [
          ['gzip', json],
          ['gzip', gzipped.subarray(0, gzipped.length - 12)],
          ['deflate', json],
          ['br', json],
          ['br', brotliCompressSync(json).subarray(0, 8)],
        ] as const) {
          const response = await send(encoding, body);
          expect(response.status, `${encoding} ${body.length} bytes`).toBe(400);
          expect(await response.json()).toEqual({
            error: { code: 'invalid_request', message: 'The request body could not be decompressed as its Content-Encoding says.' },
          });
        }
        const unknown = await send('zstd-but-not-really', json);
        expect(unknown.status).toBe(415);
        expect(await unknown.json()).toEqual({
          error: { code: 'unsupported_media_type', message: 'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br.' },
        });
        const notesBefore = await notesWritten(app.store);
        const broken = await fetch(`${app.url}/api/test/notes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          body: Buffer.from('{"text":"hello"}'),
        });
        expect(broken.status).toBe(400);
        expect(await notesWritten(app.store)).toBe(notesBefore);
        // An error thrown by a route below the body parser is still the route's own.
        const boom = await fetch(`${app.url}/api/test/boom`);
        expect(boom.status).toBe(500);
      });

      it('turns zod issues into a readable 400 and writes nothing', async () => {
        const before = await notesWritten(app.store);
        const response = await post('/api/test/notes', { text: '', stars: 9 });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: {
            code: 'invalid_request',
            message: 'text: Too small: expected string to have >=1 characters; stars: Too big: expected number to be <=5',
          },
        });
        const notAnObject = await post('/api/test/notes', ['text']);
        expect(notAnObject.status).toBe(400);
        expect(((await notAnObject.json()) as { error: { message: string } }).error.message).toMatch(/^body: /);
        expect(await notesWritten(app.store)).toBe(before);
      });
    });
  });
}
