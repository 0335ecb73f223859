import { describe, expect, it } from 'vitest';
import type { DecodedAudio } from './waveform-peaks';
import { WAVEFORM_BAR_COUNT, waveformPeaks } from './waveform-peaks';

/** Decoded audio from plain sample arrays, one per channel. */
function decoded(sampleRate: number, ...channels: number[][]): DecodedAudio {
  return { sampleRate, numberOfChannels: channels.length, getChannelData: (channel) => Float32Array.from(channels[channel]!) };
}

describe('waveformPeaks', () => {
  it('gives 120 bars by default, scaled so the loudest is 1', () => {
    const samples = Array.from({ length: 1200 }, (_, index) => (index < 600 ? 0.25 : -0.5));
    const peaks = waveformPeaks([decoded(100, samples)], 12);
    expect(peaks).toHaveLength(WAVEFORM_BAR_COUNT);
    expect(peaks.slice(0, 60)).toEqual(new Array(60).fill(0.5));
    expect(peaks.slice(60)).toEqual(new Array(60).fill(1));
  });

  it('takes the loudest absolute sample of every channel and stem in each slice', () => {
    const left = [0.1, 0.1, 0.1, 0.1];
    const right = [0, 0, -0.4, 0];
    const other = [0.2, 0, 0, 0];
    expect(waveformPeaks([decoded(2, left, right), decoded(2, other)], 2, 2)).toEqual([0.5, 1]);
  });

  it('places slices by time, so stems of different sample rates and lengths line up', () => {
    // 4 s at 2 Hz: loud in the last second only; 2 s at 4 Hz: loud in the first second only.
    const slow = decoded(2, [0, 0, 0, 0, 0, 0, 0.8, 0.8]);
    const shortFast = decoded(4, [0.4, 0.4, 0.4, 0.4, 0, 0, 0, 0]);
    expect(waveformPeaks([slow, shortFast], 4, 4)).toEqual([0.5, 0, 0, 1]);
  });

  it('is all zeros for silence, no stems or a zero duration', () => {
    expect(waveformPeaks([decoded(10, new Array(40).fill(0))], 4, 4)).toEqual([0, 0, 0, 0]);
    expect(waveformPeaks([], 4, 3)).toEqual([0, 0, 0]);
    expect(waveformPeaks([decoded(10, [1, 1])], 0, 2)).toEqual([0, 0]);
  });

  it('refuses nonsense arguments with a RangeError', () => {
    expect(() => waveformPeaks([], 1, 0)).toThrow(RangeError);
    expect(() => waveformPeaks([], 1, 2.5)).toThrow(RangeError);
    expect(() => waveformPeaks([], -1)).toThrow(RangeError);
    expect(() => waveformPeaks([], Number.NaN)).toThrow(RangeError);
    expect(() => waveformPeaks([decoded(0, [1])], 1)).toThrow(RangeError);
  });
});
