import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One SendEmail the fake received: the recipient and the header lines of the message. */
export interface FakeSesMail {
  to: string;
  subject: string;
  headers: Record<string, string>;
}

/**
 * A local stand-in for the SES v2 HTTP API (SES cannot run here), for the real AWS SDK pointed at
 * it: records each SendEmail (POST /v2/email/outbound-emails) and answers like SES.
 */
export async function startFakeSes(): Promise<{ url: string; mails: FakeSesMail[]; close(): Promise<void> }> {
  const mails: FakeSesMail[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        Destination: { ToAddresses: string[] };
        Content: { Simple: { Subject: { Data: string }; Headers?: Array<{ Name: string; Value: string }> } };
      };
      if (request.method !== 'POST' || request.url !== '/v2/email/outbound-emails') {
        response.writeHead(404).end();
        return;
      }
      mails.push({
        to: body.Destination.ToAddresses[0] ?? '',
        subject: body.Content.Simple.Subject.Data,
        headers: Object.fromEntries((body.Content.Simple.Headers ?? []).map((header) => [header.Name, header.Value])),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ MessageId: `fake-${mails.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
