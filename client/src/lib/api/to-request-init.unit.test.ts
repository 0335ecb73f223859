import { describe, expect, it } from 'vitest';
import { toRequestInit } from './to-request-init';

describe('toRequestInit', () => {
  it('sends cookies and no content type when there is no body', () => {
    const init = toRequestInit({ url: '/api/auth/me' });
    expect(init).toEqual({ method: 'GET', credentials: 'include' });
    expect(init.headers).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('keeps a body-less POST body-less', () => {
    expect(toRequestInit({ url: '/api/email-preferences/unsubscribe', method: 'POST' })).toEqual({
      method: 'POST',
      credentials: 'include',
    });
  });

  it('sends a body as JSON with the JSON content type', () => {
    const init = toRequestInit({ url: '/api/auth/verify-code', method: 'POST', body: { email: 'a@b.co', code: '123456' } });
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.co","code":"123456"}');
  });

  it('treats an empty object as a body, as the logout call needs', () => {
    const init = toRequestInit({ url: '/api/auth/logout', method: 'POST', body: {} });
    expect(init.body).toBe('{}');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });
});
