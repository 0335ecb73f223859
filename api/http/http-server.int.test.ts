import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startHttpServer } from './http-server';

/** GET `url` through `agent`; resolves the socket it went over. */
function getOver(agent: Agent, url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(request.socket as Socket));
    });
    request.on('error', reject);
  });
}

describe('startHttpServer', () => {
  it('keeps an idle keep-alive connection open past Node’s 5 s default, so a client reusing it is not reset', async () => {
    const server = await startHttpServer({ callback: () => (_request, response) => response.end('ok') }, { port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getOver(agent, `${server.url}/`);
      await sleep(6_000);
      const second = await getOver(agent, `${server.url}/`);
      expect(second).toBe(first);
    } finally {
      agent.destroy();
      await server.close();
    }
  }, 20_000);

  it('marks the responses in flight when close() begins as their connection’s last, so a proxy sends nothing more on it', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await startHttpServer(
      { callback: () => (request, response) => void (request.url === '/slow' ? held.then(() => response.end('slow')) : response.end('ok')) },
      { port: 0, host: '127.0.0.1' },
    );
    // A connection kept alive, as a proxy keeps it, busy with a slow request when the stop begins.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await getOver(agent, `${server.url}/`);
      const slow = new Promise<string | undefined>((resolve, reject) => {
        get(`${server.url}/slow`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers.connection));
        }).on('error', reject);
      });
      await sleep(100);
      // A long grace: the stop must finish because the connection ended, not because it was cut.
      const closed = server.close(60_000);
      release();
      expect(await slow).toBe('close');
      await closed;
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('behind a proxy, leaves an idle kept-alive connection at close() for the proxy, and answers a request still sent on it as its last', async () => {
    const server = await startHttpServer({ callback: () => (_request, response) => response.end('ok') }, { port: 0, host: '127.0.0.1', idleConnectionsOnClose: 'leave-to-proxy' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const idle = await getOver(agent, `${server.url}/`);
      // A long grace: the stop must finish because the connection ended, not because it was cut.
      const closed = server.close(60_000);
      await sleep(300);
      expect(idle.destroyed).toBe(false);
      const answer = await new Promise<{ socket: Socket; connection: string | undefined; body: string }>((resolve, reject) => {
        const request = get(`${server.url}/`, { agent }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ socket: request.socket as Socket, connection: response.headers.connection, body }));
        });
        request.on('error', reject);
      });
      expect(answer).toMatchObject({ socket: idle, connection: 'close', body: 'ok' });
      await closed;
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
