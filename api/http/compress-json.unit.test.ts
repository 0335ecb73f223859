import type { AddressInfo } from 'node:net';
import { get } from 'node:http';
import type { Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from './app-context';
import { compressJson } from './compress-json';

const bigJson = { songs: Array.from({ length: 100 }, (_, id) => ({ id, title: `Song number ${id}` })) };
const audioBytes = Buffer.alloc(4096, 7);

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = new Koa<AppState>();
  app.use(compressJson());
  app.use(async (ctx) => {
    if (ctx.path === '/api/big' || ctx.path === '/landing-data') ctx.body = bigJson;
    else if (ctx.path === '/api/small') ctx.body = { ok: true };
    else if (ctx.path === '/api/audio') {
      ctx.type = 'audio/wav';
      ctx.body = audioBytes;
    } else if (ctx.path === '/api/events') {
      ctx.type = 'text/event-stream';
      ctx.body = 'data: x\n\n'.repeat(300);
    }
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
    get(`${origin}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({ encoding: response.headers['content-encoding'], vary: response.headers.vary, body: Buffer.concat(chunks) }),
      );
    }).once('error', reject);
  });
}

describe('compressed JSON answers of the API', () => {
  it('compresses a JSON answer of 1 KB or more with brotli, else gzip, as the browser takes it', async () => {
    const br = await rawGet('/api/big', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(bigJson);
    const gzip = await rawGet('/api/big', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(bigJson);
    const identity = await rawGet('/api/big', 'identity');
    expect(identity.encoding).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toEqual(bigJson);
  });

  it('leaves small answers, audio, the event stream and everything outside /api as they are', async () => {
    for (const path of ['/api/small', '/api/audio', '/api/events', '/landing-data']) {
      const response = await rawGet(path, 'gzip, br');
      expect(response.encoding, path).toBeUndefined();
    }
    expect((await rawGet('/api/audio', 'gzip, br')).body.equals(audioBytes)).toBe(true);
  });
});
