import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseBody, parseInput, parseQuery } from './parse-request';

const note = z.object({
  title: z.string({ error: 'Please give a title' }).min(1, { error: 'Please give a title' }),
  count: z.coerce.number().int().min(1, { error: 'At least one' }),
});

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('parse-request', () => {
  it('passes valid input through, parsed', () => {
    expect(parseInput(note, { title: 'a', count: '2' }, 'body')).toEqual({ title: 'a', count: 2 });
    expect(parseQuery({ query: { title: 'a', count: '3' } }, note)).toEqual({ title: 'a', count: 3 });
  });

  it('names every problem with where it is, by default', () => {
    expect(refusal(() => parseBody({ request: { body: { title: '', count: 0 } } }, note))).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'title: Please give a title; count: At least one',
    });
    expect(refusal(() => parseInput(note, 'text', 'body'))).toMatchObject({ message: expect.stringMatching(/^body: /) });
  });

  it("gives the first problem's own words for forms", () => {
    expect(refusal(() => parseBody({ request: { body: { title: '', count: 0 } } }, note, 'first'))).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'Please give a title',
    });
    // No body at all is an empty object: the form's message for its first field, not a generic one.
    expect(refusal(() => parseBody({ request: {} }, note, 'first'))).toMatchObject({ message: 'Please give a title' });
  });
});
