import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openOutboxBody, sealOutboxBody } from './outbox-cipher';

describe('outbox cipher', () => {
  const key = randomBytes(32);
  const body = { text: 'Your code is 482913', html: '<p>482913</p>', data: { code: '482913' } };

  it('round-trips a body and shows nothing of it sealed', () => {
    const sealed = sealOutboxBody(key, 'ada@example.com', body);
    expect(sealed.toString('latin1')).not.toContain('482913');
    expect(sealed.toString('hex')).not.toContain(Buffer.from('482913').toString('hex'));
    expect(openOutboxBody(key, 'ada@example.com', sealed)).toEqual(body);
  });

  it('uses a fresh IV each time', () => {
    expect(sealOutboxBody(key, 'a@b.c', body).equals(sealOutboxBody(key, 'a@b.c', body))).toBe(false);
  });

  it('refuses another key, another recipient or altered bytes', () => {
    const sealed = sealOutboxBody(key, 'ada@example.com', body);
    expect(() => openOutboxBody(randomBytes(32), 'ada@example.com', sealed)).toThrow();
    expect(() => openOutboxBody(key, 'eve@example.com', sealed)).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => openOutboxBody(key, 'ada@example.com', altered)).toThrow();
  });
});
