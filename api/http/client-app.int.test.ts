import { get } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestApp, testPublicUrl } from '../testing/start-test-app';
import type { TestApp } from '../testing/start-test-app';
import { prerenderOrigin } from './client-app';

const indexHtml = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Bx7k2q.js"></script></head><body><div id="root"></div></body></html>';
const entryScript = 'console.log("woodshed");';
// What the build writes (scripts/build/route-manifest-plugin.ts): a few of the client's patterns.
const routeManifest = {
  routePatterns: ['/', '/login', '/player', '/library', '/admin/overview', '/admin/users/:userId', '/landing', '/faq'],
  indexedPaths: ['/landing', '/faq'],
};
// A page the build pre-rendered (scripts/build/prerender-plugin.ts), its addresses on the stand-in origin.
const prerenderedFaq = `<!doctype html><html><head><title>FAQ · Woodshed</title><link rel="canonical" href="${prerenderOrigin}/faq" data-prerendered /></head><body><div id="prerendered"><h1>Questions</h1><a href="mailto:support@${new URL(prerenderOrigin).hostname}">mail</a></div><div id="root"></div></body></html>`;
// A precompressed script as the build leaves it (scripts/build/precompress-plugin.ts): big enough to
// be worth compressing, and each copy marked so the test sees which one was served.
const bigScript = `${'console.log("a line of the app");\n'.repeat(200)}`;

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
      await writeFile(path.join(distDir, 'route-manifest.json'), JSON.stringify(routeManifest));
      await writeFile(path.join(distDir, 'assets', 'big-C4f9.js'), bigScript);
      await writeFile(path.join(distDir, 'assets', 'big-C4f9.js.br'), brotliCompressSync(bigScript));
      await writeFile(path.join(distDir, 'assets', 'big-C4f9.js.gz'), gzipSync(bigScript));
      await writeFile(path.join(distDir, 'index.html.gz'), gzipSync(indexHtml));
      await mkdir(path.join(distDir, 'prerendered'), { recursive: true });
      await writeFile(path.join(distDir, 'prerendered', 'faq.html'), prerenderedFaq);
    });

    it('serves index.html without caching at / and for every client route (SPA fallback)', async () => {
      for (const route of ['/', '/login', '/player?songId=1', '/admin/overview', '/admin/users/42', '/LIBRARY', '/faq/']) {
        const response = await fetch(`${app.url}${route}`);
        expect(response.status, route).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(response.headers.get('content-security-policy')).toContain("script-src 'self' blob:");
        expect(await response.text()).toBe(indexHtml);
      }
    });

    it('answers a pre-rendered public page with its own HTML, on the public origin and domain, and never the file itself', async () => {
      const response = await fetch(`${app.url}/faq`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const publicHost = new URL(testPublicUrl).hostname.replace(/^www\./, '');
      expect(await response.text()).toBe(
        prerenderedFaq.replaceAll(prerenderOrigin, testPublicUrl).replace(`support@${new URL(prerenderOrigin).hostname}`, `support@${publicHost}`),
      );
      // At the file's own address it is the not-found page: it carries the stand-in origin.
      const direct = await fetch(`${app.url}/prerendered/faq.html`);
      expect(direct.status).toBe(404);
      expect(await direct.text()).toBe(indexHtml);
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
      // Without Accept-Encoding, as the revalidation below: each encoding has its own tag.
      const first = await fetch(`${app.url}/login`, { headers: { 'Accept-Encoding': 'identity' } });
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
      const head = await fetch(`${app.url}/`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
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
  
    it('answers a path the client does not route with 404 and the page, so the client shows its not-found screen', async () => {
      for (const route of ['/library/deeply/nested', '/nope', '/admin/users', '/admin/users/42/more', '/robots', '/sitemap']) {
        const response = await fetch(`${app.url}${route}`);
        expect(response.status, route).toBe(404);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toBe(indexHtml);
      }
      const head = await fetch(`${app.url}/nope`, { method: 'HEAD' });
      expect(head.status).toBe(404);
      expect(await head.text()).toBe('');
    });

    it('writes robots.txt with the sitemap on the public origin', async () => {
      const response = await fetch(`${app.url}/robots.txt`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe(`User-agent: *\nDisallow: /api/\n\nSitemap: ${testPublicUrl}/sitemap.xml\n`);
    });

    it('lists the indexed public pages in sitemap.xml with absolute addresses', async () => {
      const response = await fetch(`${app.url}/sitemap.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await response.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([`${testPublicUrl}/landing`, `${testPublicUrl}/faq`]);
    });

    it('serves the precompressed copy the browser takes, with Content-Encoding and Vary', async () => {
      const cases: Array<[string, string | null]> = [
        ['br, gzip, deflate', 'br'],
        ['gzip', 'gzip'],
        ['gzip;q=1, br;q=0', 'gzip'],
        ['identity', null],
      ];
      for (const [acceptEncoding, expected] of cases) {
        const response = await rawGet(`${app.url}/assets/big-C4f9.js`, { 'Accept-Encoding': acceptEncoding });
        expect(response.status, acceptEncoding).toBe(200);
        expect(response.headers['content-encoding'], acceptEncoding).toBe(expected ?? undefined);
        expect(response.headers.vary).toBe('Accept-Encoding');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const expectedBytes = expected === 'br' ? brotliCompressSync(bigScript) : expected === 'gzip' ? gzipSync(bigScript) : Buffer.from(bigScript);
        expect(Number(response.headers['content-length'])).toBe(expectedBytes.length);
        expect(response.body.equals(expectedBytes), acceptEncoding).toBe(true);
      }
      // Each encoding has its own tag, so a revalidation never crosses encodings.
      const br = await rawGet(`${app.url}/assets/big-C4f9.js`, { 'Accept-Encoding': 'br' });
      const gzip = await rawGet(`${app.url}/assets/big-C4f9.js`, { 'Accept-Encoding': 'gzip' });
      expect(br.headers.etag).not.toBe(gzip.headers.etag);
    });

    it('serves the page compressed too, the 404 page included', async () => {
      for (const [route, status] of [['/login', 200], ['/nope', 404]] as const) {
        const response = await rawGet(`${app.url}${route}`, { 'Accept-Encoding': 'gzip' });
        expect(response.status).toBe(status);
        expect(response.headers['content-encoding']).toBe('gzip');
        expect(response.body.equals(gzipSync(indexHtml))).toBe(true);
      }
      // A file without copies is sent as it is, and without Vary.
      const plain = await rawGet(`${app.url}/assets/index-Bx7k2q.js`, { 'Accept-Encoding': 'br, gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBeUndefined();
      expect(plain.body.toString()).toBe(entryScript);
    });
  });
});

/** A GET that leaves the body as sent (fetch would decompress it) and sends only the given headers. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string | undefined>, body: Buffer.concat(chunks) }));
      response.once('error', reject);
    }).once('error', reject);
  });
}
