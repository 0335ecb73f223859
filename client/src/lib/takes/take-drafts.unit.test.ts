import { describe, expect, it } from 'vitest';
import { takeDrafts } from './take-drafts';

const base = {
  recordingId: 'rec-1',
  recordedFrom: 10,
  recordedFrames: 48_000 * 60,
  sampleRate: 48_000,
  latency: 0.02,
  songId: 7,
  transpose: 2,
  loop: null,
  section: null,
  startedAt: new Date(2026, 10, 24, 21, 30, 0),
  clockAtStart: 9.5,
  firstNumber: 3,
  now: 1_000,
};

function ids() {
  let next = 0;
  return () => `take-${++next}`;
}

describe('takeDrafts', () => {
  it('turns a song segment into a take: its frames by the latency, where it starts in the song, tempo, transpose, a name and a date', () => {
    const [draft, ...rest] = takeDrafts({ ...base, segments: [{ startAt: 11, endAt: 41, from: 32, rate: 0.75 }], newId: ids() });
    expect(rest).toEqual([]);
    expect(draft!.audio).toEqual({ takeId: 'take-1', recordingId: 'rec-1', startFrame: 48_960, frames: 1_440_000, sampleRate: 48_000 });
    expect(draft!.metadata).toEqual({
      id: 'take-1',
      songId: '7',
      name: 'Take 3',
      recordedAt: new Date(2026, 10, 24, 21, 30, 1, 500).getTime(),
      localDate: '2026-11-24',
      durationSeconds: 30,
      startSeconds: 32,
      tempo: 0.75,
      transpose: 2,
      scope: 'song',
      range: null,
      latencySeconds: 0.02,
      updatedAt: 1_000,
    });
  });

  it('names each loop pass in turn with the loop as its range; a section take carries the section', () => {
    const loop = { start: 8, end: 12 };
    const passes = takeDrafts({ ...base, loop, segments: [{ startAt: 11, endAt: 15, from: 8, rate: 1 }, { startAt: 15, endAt: 19, from: 8, rate: 1 }], newId: ids() });
    expect(passes.map((take) => [take.metadata.name, take.metadata.scope, take.metadata.range])).toEqual([
      ['Take 3', 'loop', { startSeconds: 8, endSeconds: 12 }],
      ['Take 4', 'loop', { startSeconds: 8, endSeconds: 12 }],
    ]);
    const section = takeDrafts({ ...base, section: { start: 30, end: 50 }, segments: [{ startAt: 11, endAt: 31, from: 30, rate: 1 }], newId: ids() });
    expect(section.map((take) => [take.metadata.scope, take.metadata.range])).toEqual([['section', { startSeconds: 30, endSeconds: 50 }]]);
  });

  it('starts a take with its first recorded sample when the band started before the microphone, and drops what is too short', () => {
    const [late] = takeDrafts({ ...base, segments: [{ startAt: 8, endAt: 20, from: 40, rate: 0.5 }], newId: ids() });
    // Heard from 9.98 s on the clock: 1.98 s later than the band's start, 0.99 s further in the song.
    expect(late!.audio.startFrame).toBe(0);
    expect(late!.metadata.startSeconds).toBeCloseTo(40.99, 10);
    expect(takeDrafts({ ...base, segments: [{ startAt: 11, endAt: 11.3, from: 0, rate: 1 }], newId: ids() })).toEqual([]);
  });
});
