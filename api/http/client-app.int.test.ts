import { get } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { startTestApp } from '../testing/start-test-app';
import type { TestApp } from '../testing/start-test-app';

const indexHtml = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Bx7k2q.js"></script></head><body><div id="root"></div></body></html>';
const entryScript = 'console.log("woodshed");';

// One database is enough here: these tests are about files, and the app needs a store to start.
const candidate = availableSqlClients()[0]!;

describe('serving the built client', () => {
  let sql: SqlClient;
  let app: TestApp;
  let workDir: string;
  let distDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'woodshed-dist-'));
    distDir = path.join(workDir, 'dist');
    sql = await candidate.open();
    app = await startTestApp({ sql, clientDistDir: distDir });
  });
  afterAll(async () => {
    await app?.stop();
    await sql?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('says clearly that the client is not built while client/dist is missing', async () => {
    const response = await fetch(`${app.url}/library`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('The Woodshed client is not built yet');
    const api = await fetch(`${app.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  describe('once built', () => {
    beforeAll(async () => {
      await mkdir(path.join(distDir, 'assets'), { recursive: true });
      await writeFile(path.join(distDir, 'index.html'), indexHtml);
      await writeFile(path.join(distDir, 'assets', 'index-Bx7k2q.js'), entryScript);
      await writeFile(path.join(distDir, 'manifest.webmanifest'), '{"name":"Woodshed"}');
    });

    it('serves index.html without caching at / and for every client route (SPA fallback)', async () => {
      for (const route of ['/', '/login', '/player?songId=1', '/admin/overview', '/library/deeply/nested']) {
        const response = await fetch(`${app.url}${route}`);
        expect(response.status, route).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(response.headers.get('content-security-policy')).toContain("script-src 'self' blob:");
        expect(await response.text()).toBe(indexHtml);
      }
    });

    it('serves hashed assets with a long immutable cache', async () => {
      const response = await fetch(`${app.url}/assets/index-Bx7k2q.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe(entryScript);
    });

    it('serves other files revalidated, and a missing asset as a 404 rather than HTML', async () => {
      const manifest = await fetch(`${app.url}/manifest.webmanifest`);
      expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const missing = await fetch(`${app.url}/assets/index-gone.js`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).not.toContain('<html');
    });

    it('answers a revalidation with 304 and HEAD without a body', async () => {
      const first = await fetch(`${app.url}/login`);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/"/);
      // Not fetch: a fetch with If-None-Match also sends Cache-Control: no-cache, which forbids a 304.
      const again = await new Promise<number | undefined>((resolve, reject) => {
        get(`${app.url}/login`, { headers: { 'If-None-Match': etag! } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        }).once('error', reject);
      });
      expect(again).toBe(304);
      const head = await fetch(`${app.url}/`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(indexHtml)));
      expect(await head.text()).toBe('');
    });

    it('never serves a file outside client/dist', async () => {
      await writeFile(path.join(workDir, 'secret.txt'), 'do not serve');
      for (const attempt of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
        const response = await fetch(`${app.url}${attempt}`);
        expect(await response.text(), attempt).not.toContain('do not serve');
      }
    });

    it('keeps /api/* out of the fallback', async () => {
      const response = await fetch(`${app.url}/api/songs-that-do-not-exist`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('answers a write to a client route with a JSON 404', async () => {
      const response = await fetch(`${app.url}/login`, { method: 'POST' });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    });
  });
});
