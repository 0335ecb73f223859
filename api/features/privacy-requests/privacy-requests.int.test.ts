import { expect, it } from 'vitest';
import { privacyRequestTypes } from '../../../events/catalog';
import { findPrivacyRequest } from '../../../projections/privacy-requests/privacy-requests-queries';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { TestBrowser } from '../../testing/test-browser';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';

describeAppOnEveryDatabase('privacy requests', { config: { authSecret: testAuthSecret } }, (env) => {
  it('accepts each of the 8 request types from a visitor', async () => {
    const visitor = new TestBrowser(env.app.url);
    // One address per type: an address may file 5 a day (privacy-request-limits.ts).
    for (const requestType of privacyRequestTypes) {
      const response = await visitor.post<{ message: string; requestId: string }>('/api/privacy/request', {
        email: ` Visitor-${requestType}@Example.com `,
        requestType,
        description: `  Please handle my ${requestType} request.  `,
      });
      expect(response.status).toBe(201);
      expect(response.body.message).toBe('Your privacy request has been received. We will respond within 45 days.');
      const [event] = await env.app.store.readStream(`privacy-request-${response.body.requestId}`);
      expect(event).toMatchObject({
        type: 'PrivacyRequestSubmitted',
        data: { privacyRequestId: response.body.requestId, email: `visitor-${requestType}@example.com`, requestType, description: `Please handle my ${requestType} request.` },
        metadata: { userId: null },
      });
      await env.app.projections.waitForPosition('privacy-requests', event!.position, { timeoutMs: 5_000 });
      expect(await findPrivacyRequest(env.sql, response.body.requestId)).toMatchObject({ email: `visitor-${requestType}@example.com`, requestType, userId: null });
    }
  });

  it('records the signed-in user who sends one', async () => {
    const { browser, user } = await signInWithCode(env.app.url, 'member@example.com');
    const response = await browser.post<{ requestId: string }>('/api/privacy/request', {
      email: 'member@example.com',
      requestType: 'access',
      description: 'Send me a copy of my data.',
    });
    expect(response.status).toBe(201);
    const [event] = await env.app.store.readStream(`privacy-request-${response.body.requestId}`);
    expect(event?.metadata).toMatchObject({ userId: user.id });
  });

  it('validates with the form texts', async () => {
    const visitor = new TestBrowser(env.app.url);
    const valid = { email: 'a@example.com', requestType: 'delete', description: 'Delete everything please.' };
    const cases: Array<[unknown, string]> = [
      [{ ...valid, email: 'nope' }, 'Please enter a valid email address'],
      [{ ...valid, requestType: undefined }, 'Please select a request type'],
      [{ ...valid, requestType: 'erase' }, 'Please select a request type'],
      [{ ...valid, description: ' too short ' }, 'Please provide at least 10 characters of detail'],
      [{ ...valid, description: 'x'.repeat(5001) }, 'Please keep the details under 5,000 characters'],
    ];
    const { rows: before } = await env.sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
    for (const [body, message] of cases) {
      const response = await visitor.post('/api/privacy/request', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'invalid_request', message } });
    }
    const { rows: after } = await env.sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
    expect(after[0]!.count).toBe(before[0]!.count);
  });
});
