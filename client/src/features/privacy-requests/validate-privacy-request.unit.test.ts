import { describe, expect, it } from 'vitest';
import { privacyRequestTypes } from './privacy-request-types';
import { validatePrivacyRequest } from './validate-privacy-request';

const valid = { email: 'ana@example.com', requestType: 'delete', description: 'Please delete my account and files.' };

describe('privacyRequestTypes', () => {
  it('lists the eight labels of the spec with their API values, in order', () => {
    expect(privacyRequestTypes.map((type) => [type.label, type.value])).toEqual([
      ['Access My Data', 'access'],
      ['Delete My Data', 'delete'],
      ['Correct My Data', 'correct'],
      ['Data Portability', 'portability'],
      ['Restrict Processing', 'restrict'],
      ['Withdraw Consent', 'withdraw'],
      ['Appeal a Decision', 'appeal'],
      ['Opt-Out (California)', 'optout'],
    ]);
  });
});

describe('validatePrivacyRequest', () => {
  it('accepts a complete form and sends it trimmed', () => {
    expect(validatePrivacyRequest({ ...valid, email: ' ana@example.com ', description: '  Please delete my data.  ' })).toEqual({
      ok: true,
      payload: { email: 'ana@example.com', requestType: 'delete', description: 'Please delete my data.' },
    });
  });

  it.each(privacyRequestTypes.map((type) => type.value))('accepts the request type %s', (requestType) => {
    expect(validatePrivacyRequest({ ...valid, requestType }).ok).toBe(true);
  });

  it('reports every problem at once with the spec texts', () => {
    expect(validatePrivacyRequest({ email: 'nope', requestType: '', description: 'too short' })).toEqual({
      ok: false,
      problems: {
        email: 'Please enter a valid email address',
        requestType: 'Please select a request type',
        description: 'Please provide at least 10 characters of detail',
      },
    });
  });

  it('refuses a request type outside the eight', () => {
    expect(validatePrivacyRequest({ ...valid, requestType: 'sell' })).toEqual({
      ok: false,
      problems: { requestType: 'Please select a request type' },
    });
  });

  it('counts detail characters after trimming: 10 is enough, 9 is not', () => {
    expect(validatePrivacyRequest({ ...valid, description: '0123456789' }).ok).toBe(true);
    expect(validatePrivacyRequest({ ...valid, description: '   012345678   ' })).toEqual({
      ok: false,
      problems: { description: 'Please provide at least 10 characters of detail' },
    });
  });

  it("refuses details over the server's 5,000 characters with the server's text", () => {
    expect(validatePrivacyRequest({ ...valid, description: 'x'.repeat(5000) }).ok).toBe(true);
    expect(validatePrivacyRequest({ ...valid, description: 'x'.repeat(5001) })).toEqual({
      ok: false,
      problems: { description: 'Please keep the details under 5,000 characters' },
    });
  });
});
