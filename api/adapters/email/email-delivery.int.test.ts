import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../../events/store/testing/test-sql-clients';
import { createConsoleEmailSender } from './console-email-sender';
import { createEmailDeliveryJob } from './email-delivery-job';
import { enqueueEmail, listOutbox } from './email-outbox';
import { migrateApiTables } from '../../storage/api-migrations';
import { createSesEmailSender } from './ses-email-sender';

/** What the fake SES received. */
interface SesCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for the SES v2 HTTP API (SES cannot run here): records every SendEmail and
 * answers like SES, or with SES's MessageRejected error for the next `reject` calls.
 */
async function startFakeSes(): Promise<{ url: string; calls: SesCall[]; reject: { next: number }; close(): Promise<void> }> {
  const calls: SesCall[] = [];
  const reject = { next: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (reject.next > 0) {
        reject.next--;
        response.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
        response.end(JSON.stringify({ message: 'Email address is not verified.' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ MessageId: `fake-${calls.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, reject, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const key = Buffer.alloc(32, 7);
const logger = pino({ level: 'silent' });

function message(to: string, n: number) {
  return { to, subject: `Subject ${n}`, text: `Text ${n} with code 123456`, html: `<p>Html ${n}</p>`, data: { code: '123456' } };
}

for (const candidate of availableSqlClients()) {
  describe(`e-mail delivery on ${candidate.name}`, () => {
    let sql: SqlClient;
    let ses: Awaited<ReturnType<typeof startFakeSes>>;
    let now = new Date('2025-10-16T09:00:00Z');
    const clock = { now: () => now };
    beforeAll(async () => {
      sql = await candidate.open();
      await migrateApiTables(sql);
      ses = await startFakeSes();
    });
    afterAll(async () => {
      await ses?.close();
      await sql?.close();
    });

    it('sends through SES v2 with the real SDK, then wipes the body; retries a rejected message later', async () => {
      await sql.transaction((tx) => enqueueEmail(tx, message('ada@example.com', 1), { key, now }));
      await sql.transaction((tx) => enqueueEmail(tx, message('bob@example.com', 2), { key, now }));
      const sender = createSesEmailSender({
        region: 'eu-west-1',
        fromAddress: 'Woodshed <hello@woodshed.example>',
        endpoint: ses.url,
        credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
      });
      const job = createEmailDeliveryJob({ sql, clock, logger, sender, key });
      ses.reject.next = 1;

      expect(await job.deliverDue()).toBe(1);
      expect(ses.calls).toHaveLength(2);
      expect(ses.calls[1]).toMatchObject({
        method: 'POST',
        path: '/v2/email/outbound-emails',
        body: {
          FromEmailAddress: 'Woodshed <hello@woodshed.example>',
          Destination: { ToAddresses: ['bob@example.com'] },
          Content: {
            Simple: {
              Subject: { Data: 'Subject 2', Charset: 'UTF-8' },
              Body: { Text: { Data: 'Text 2 with code 123456', Charset: 'UTF-8' }, Html: { Data: '<p>Html 2</p>', Charset: 'UTF-8' } },
            },
          },
        },
      });
      expect(String(ses.calls[1]!.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/ses\/aws4_request/);

      let outbox = await listOutbox(sql, { key, limit: 10 });
      expect(outbox.map((entry) => [entry.to, entry.sentAt !== null, entry.text])).toEqual([
        ['bob@example.com', true, null],
        ['ada@example.com', false, 'Text 1 with code 123456'],
      ]);
      const { rows } = await sql.query<{ last_error: string; attempts: number }>('SELECT last_error, attempts FROM email_outbox WHERE to_address = $1', ['ada@example.com']);
      expect(rows[0]).toMatchObject({ last_error: 'MessageRejected: Email address is not verified.', attempts: 1 });

      // Not due yet; 5 s later it is.
      expect(await job.deliverDue()).toBe(0);
      now = new Date(now.getTime() + 5_000);
      expect(await job.deliverDue()).toBe(1);
      outbox = await listOutbox(sql, { key, limit: 10 });
      expect(outbox.every((entry) => entry.sentAt !== null && entry.text === null)).toBe(true);
      expect(ses.calls).toHaveLength(3);
      sender.close();
    });

    it('prints local outbox mail to the terminal and keeps it for the dev mailbox, woken by the queueing transaction', async () => {
      const printed: string[] = [];
      const job = createEmailDeliveryJob({ sql, clock, logger, sender: createConsoleEmailSender({ write: (text) => printed.push(text) }), key, pollMs: 60_000 });
      const controller = new AbortController();
      const running = job.run(controller.signal);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql.transaction((tx) => enqueueEmail(tx, message('cy@example.com', 3), { key, now }));
      const deadline = Date.now() + 10_000;
      while (printed.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
      await running;

      expect(printed.join('')).toContain('E-mail to cy@example.com\nSubject: Subject 3\n\nText 3 with code 123456\n');
      const [entry] = await listOutbox(sql, { key, to: 'cy@example.com', limit: 1 });
      expect(entry).toMatchObject({ text: 'Text 3 with code 123456', data: { code: '123456' } });
      expect(entry!.sentAt).not.toBeNull();
    });
    it('gives up at once on a body it cannot open (the auth secret changed)', async () => {
      await sql.transaction((tx) => enqueueEmail(tx, message('old@example.com', 4), { key: Buffer.alloc(32, 9), now }));
      const printed: string[] = [];
      const job = createEmailDeliveryJob({ sql, clock, logger, sender: createConsoleEmailSender({ write: (text) => printed.push(text) }), key });
      expect(await job.deliverDue()).toBe(0);
      expect(printed).toEqual([]);
      const { rows } = await sql.query<{ failed: boolean; body: unknown; last_error: string }>(
        'SELECT failed_at IS NOT NULL AS failed, body, last_error FROM email_outbox WHERE to_address = $1',
        ['old@example.com'],
      );
      expect(rows).toEqual([{ failed: true, body: null, last_error: expect.stringContaining('Error') }]);
    });
  });
}
