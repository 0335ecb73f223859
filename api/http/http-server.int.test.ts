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
});
