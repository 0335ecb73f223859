import { describe, expect, it } from 'vitest';
import { practiceFactsOf } from './practice-facts';
import { PracticeParts } from './practice-parts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));
const plain = practiceFactsOf(1, 0, null);
const slowLoop = practiceFactsOf(0.8, 0, { start: 2, end: 6 });

describe('practice parts', () => {
  it('records a session played one way as one part with its facts', () => {
    const session = new PracticeParts(slowLoop);
    session.playing(at(0));
    session.paused(at(12));
    expect(session.toRecord(at(20))).toEqual([{ facts: slowLoop, startedAt: at(0), secondsPractised: 12 }]);
  });

  it('splits the time by tempo, pitch and loop, and goes on playing across a change', () => {
    const session = new PracticeParts(plain);
    session.playing(at(0));
    session.changed(slowLoop, at(6));
    expect(session.isRunning).toBe(true);
    expect(session.facts).toEqual(slowLoop);
    session.paused(at(14));
    expect(session.toRecord(at(14))).toEqual([
      { facts: plain, startedAt: at(0), secondsPractised: 6 },
      { facts: slowLoop, startedAt: at(6), secondsPractised: 8 },
    ]);
  });

  it('adds a return to earlier facts to their part (a speed trainer stepping back)', () => {
    const faster = practiceFactsOf(0.85, 0, { start: 2, end: 6 });
    const session = new PracticeParts(slowLoop);
    session.playing(at(0));
    session.changed(faster, at(4));
    session.changed(slowLoop, at(8));
    session.changed(faster, at(12));
    expect(session.toRecord(at(16))).toEqual([
      { facts: slowLoop, startedAt: at(0), secondsPractised: 8 },
      { facts: faster, startedAt: at(4), secondsPractised: 8 },
    ]);
  });

  it('counts the minimum over the whole session, not per part', () => {
    const session = new PracticeParts(plain);
    session.playing(at(0));
    session.changed(slowLoop, at(5));
    expect(session.toRecord(at(9))).toEqual([]);
    expect(session.toRecord(at(10)).map((part) => part.secondsPractised)).toEqual([5, 5]);
  });

  it('leaves out facts set while paused and never played', () => {
    const session = new PracticeParts(plain);
    session.changed(slowLoop, at(0));
    session.playing(at(1));
    session.paused(at(12));
    expect(session.toRecord(at(12))).toEqual([{ facts: slowLoop, startedAt: at(1), secondsPractised: 11 }]);
  });
});
