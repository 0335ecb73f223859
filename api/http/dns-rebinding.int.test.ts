import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../testing/describe-app-on-every-database';
import { latestSignInEmail, testAuthSecret } from '../testing/test-sign-in';
import { hostNameOf } from './configured-host-names';

interface RawResponse {
  status: number;
  body: string;
}

/** A request with a Host header of our choosing, as a browser on a rebound name would send it. */
function requestWithHost(baseUrl: string, options: { method: string; path: string; headers: Record<string, string>; body?: unknown }): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers: { ...options.headers, ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('hostNameOf', () => {
  it('drops the port, letter case and a final root dot', () => {
    expect(['Woodshed.Example', 'woodshed.example:443', 'woodshed.example.', 'LOCALHOST:3000', '[::1]:3000', '[::1]', '127.0.0.1:80', ''].map(hostNameOf)).toEqual([
      'woodshed.example',
      'woodshed.example',
      'woodshed.example',
      'localhost',
      '[::1]',
      '[::1]',
      '127.0.0.1',
      '',
    ]);
  });
});

// The test app believes it is served at http://woodshed.test and listens on 127.0.0.1.
describeAppOnEveryDatabase('DNS rebinding', { config: { authSecret: testAuthSecret } }, (env) => {
  const port = () => new URL(env.app.url).port;
  const ours = () => ['woodshed.test', 'WOODSHED.test.', `localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`, 'localhost:5173'];
  const foreign = () => [`evil.example:${port()}`, 'evil.example', `localhost.evil.example:${port()}`, `127.0.0.1.nip.io:${port()}`, `woodshed.test.evil.example`];

  it('opens the dev mailbox only at the configured host names', async () => {
    for (const path of ['/api/dev/outbox', '/dev/mailbox']) {
      for (const host of ours()) {
        const response = await requestWithHost(env.app.url, { method: 'GET', path, headers: { host } });
        expect(response.status, `${path} at ${host}`).toBe(200);
      }
      for (const host of foreign()) {
        const response = await requestWithHost(env.app.url, { method: 'GET', path, headers: { host } });
        expect(response.status, `${path} at ${host}`).toBe(403);
        expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'forbidden' } });
        expect(response.body).not.toMatch(/"code":"\d{6}"/);
      }
    }
    // Without a trusted proxy, X-Forwarded-Host is the client's own claim and changes nothing.
    const claimed = await requestWithHost(env.app.url, {
      method: 'GET',
      path: '/api/dev/outbox',
      headers: { host: `evil.example:${port()}`, 'x-forwarded-host': 'localhost' },
    });
    expect(claimed.status).toBe(403);
  });

  it('refuses a browser write from a page on a rebound name, and accepts one from our own names', async () => {
    const email = 'rebound@example.com';
    for (const host of foreign()) {
      const response = await requestWithHost(env.app.url, {
        method: 'POST',
        path: '/api/auth/request-magic-link',
        headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
        body: { email },
      });
      expect(response.status, host).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ error: { code: 'cross_site_request', message: 'Cross-site requests are not allowed.' } });
    }
    const outbox = await requestWithHost(env.app.url, { method: 'GET', path: `/api/dev/outbox?to=${email}`, headers: { host: 'woodshed.test' } });
    expect(JSON.parse(outbox.body)).toEqual({ messages: [] });

    for (const host of ours()) {
      const response = await requestWithHost(env.app.url, {
        method: 'POST',
        path: '/api/auth/request-magic-link',
        headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
        body: { email: `${hostNameOf(host).replace(/[^a-z0-9]/g, '-')}@example.com` },
      });
      expect(response.status, host).toBe(200);
    }
    // PUBLIC_URL's origin is ours whatever Host a proxy passes on.
    const proxied = await requestWithHost(env.app.url, {
      method: 'POST',
      path: '/api/auth/request-magic-link',
      headers: { host: 'api-internal:3000', origin: 'http://woodshed.test' },
      body: { email: 'proxied@example.com' },
    });
    expect(proxied.status).toBe(200);
  });

  it('refuses a sign-in link opened from a page on a rebound name', async () => {
    const email = 'linked@example.com';
    await requestWithHost(env.app.url, { method: 'POST', path: '/api/auth/request-magic-link', headers: { host: 'woodshed.test' }, body: { email } });
    const { token } = await latestSignInEmail(env.app.url, email);
    const rebound = await requestWithHost(env.app.url, {
      method: 'GET',
      path: `/api/auth/verify?token=${token}`,
      headers: { host: `evil.example:${port()}`, origin: `http://evil.example:${port()}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(rebound.status).toBe(403);
    const own = await requestWithHost(env.app.url, {
      method: 'GET',
      path: `/api/auth/verify?token=${token}`,
      headers: { host: `localhost:${port()}`, 'sec-fetch-site': 'none' },
    });
    expect(own.status).toBe(200);
  });
});
