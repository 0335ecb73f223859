import { describe, expect, it } from 'vitest';
import { readResponse } from './read-response';

const json = { 'Content-Type': 'application/json; charset=utf-8' };

describe('readResponse', () => {
  it('parses a JSON body', async () => {
    const result = await readResponse(new Response('{"id":1,"email":"a@b.co"}', { status: 200, headers: json }));
    expect(result).toEqual({ data: { id: 1, email: 'a@b.co' } });
  });

  it('returns text bodies as text and an empty body as null', async () => {
    expect(await readResponse(new Response('0:00.00 C', { status: 200 }))).toEqual({ data: '0:00.00 C' });
    expect(await readResponse(new Response(null, { status: 204 }))).toEqual({ data: null });
  });

  it("reports a non-ok answer as '{status}: {body text}'", async () => {
    const result = await readResponse(
      new Response('{"error":{"code":"unauthorized"}}', { status: 401, statusText: 'Unauthorized', headers: json }),
    );
    expect(result).toEqual({ error: { status: 401, message: '401: {"error":{"code":"unauthorized"}}' } });
  });

  it('falls back to the status text when the error body is empty', async () => {
    const result = await readResponse(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    expect(result).toEqual({ error: { status: 503, message: '503: Service Unavailable' } });
  });

  it('reports a broken JSON body as a parsing error rather than throwing', async () => {
    const result = await readResponse(new Response('{not json', { status: 200, headers: json }));
    expect(result.error?.status).toBe('PARSING_ERROR');
  });
});
