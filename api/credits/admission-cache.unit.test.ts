import { describe, expect, it } from 'vitest';
import { AdmissionCache } from './admission-cache';
import type { Admission } from './credit-reservations';

const month = '2025-10-01';
const at = Date.parse('2025-10-16T09:00:00.000Z');

function answering(...answers: Admission[]) {
  const asked: number[] = [];
  const ask = () => {
    asked.push(asked.length);
    return Promise.resolve(answers[Math.min(asked.length - 1, answers.length - 1)]!);
  };
  return { ask, asked };
}

describe('AdmissionCache', () => {
  it('answers again from an admission that lets something through, within its time on both clocks', async () => {
    let processMs = 0;
    const cache = new AdmissionCache(1_000, 10, () => processMs);
    const { ask, asked } = answering({ pro: false, bytesLeft: 500 }, { pro: false, bytesLeft: 400 });
    expect(await cache.admission(7, month, at, ask)).toEqual({ admission: { pro: false, bytesLeft: 500 }, kept: false });
    processMs = 999;
    expect(await cache.admission(7, month, at + 999, ask)).toEqual({ admission: { pro: false, bytesLeft: 500 }, kept: true });
    expect(asked).toHaveLength(1);
    // The app's clock passed the second, while this process's did not (and the other way round).
    expect((await cache.admission(7, month, at + 1_000, ask)).kept).toBe(false);
    processMs = 2_000;
    expect((await cache.admission(7, month, at + 1_000, ask)).kept).toBe(false);
    expect(asked).toHaveLength(3);
  });

  it('asks again when the app clock went back, or for another month', async () => {
    const cache = new AdmissionCache(1_000, 10, () => 0);
    const { ask, asked } = answering({ pro: true, bytesLeft: 0 });
    await cache.admission(7, month, at, ask);
    expect((await cache.admission(7, month, at - 1, ask)).kept).toBe(false);
    expect((await cache.admission(7, '2025-11-01', at, ask)).kept).toBe(false);
    expect(asked).toHaveLength(3);
  });

  it('never keeps a refusal', async () => {
    const cache = new AdmissionCache(1_000, 10, () => 0);
    const { ask, asked } = answering({ pro: false, bytesLeft: 0 });
    await cache.admission(7, month, at, ask);
    expect(await cache.admission(7, month, at, ask)).toEqual({ admission: { pro: false, bytesLeft: 0 }, kept: false });
    expect(asked).toHaveLength(2);
  });

  it('shares one question among the calls that come while it is out', async () => {
    const cache = new AdmissionCache(1_000, 10, () => 0);
    const { ask, asked } = answering({ pro: false, bytesLeft: 500 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => cache.admission(7, month, at, ask)));
    expect(asked).toHaveLength(1);
    expect(answers.every((answer) => !answer.kept && answer.admission.bytesLeft === 500)).toBe(true);
    // Another user asks for themselves.
    await cache.admission(8, month, at, ask);
    expect(asked).toHaveLength(2);
  });

  it('forgets a user at once, and does not keep an answer asked before it forgot', async () => {
    const cache = new AdmissionCache(1_000, 10, () => 0);
    const { ask, asked } = answering({ pro: false, bytesLeft: 500 });
    await cache.admission(7, month, at, ask);
    cache.forget(7);
    expect((await cache.admission(7, month, at, ask)).kept).toBe(false);
    expect(asked).toHaveLength(2);

    cache.forget(7);
    let release: (admission: Admission) => void = () => undefined;
    const slow = cache.admission(7, month, at, () => new Promise<Admission>((resolve) => (release = resolve)));
    cache.forget(7);
    release({ pro: false, bytesLeft: 900 });
    expect((await slow).admission.bytesLeft).toBe(900);
    expect(await cache.admission(7, month, at, ask)).toEqual({ admission: { pro: false, bytesLeft: 500 }, kept: false });
  });

  it('asks every time with no time to keep', async () => {
    const cache = new AdmissionCache(0);
    const { ask, asked } = answering({ pro: true, bytesLeft: 0 });
    await Promise.all([cache.admission(7, month, at, ask), cache.admission(7, month, at, ask)]);
    expect(asked).toHaveLength(2);
  });

  it('starts over empty past its size, so a flood of users costs lookups, never memory', async () => {
    const cache = new AdmissionCache(1_000, 2, () => 0);
    const { ask, asked } = answering({ pro: false, bytesLeft: 500 });
    for (const user of [1, 2, 3]) await cache.admission(user, month, at, ask);
    expect((await cache.admission(3, month, at, ask)).kept).toBe(true);
    expect((await cache.admission(1, month, at, ask)).kept).toBe(false);
    expect(asked).toHaveLength(4);
  });
});
