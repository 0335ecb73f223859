import type { NormalRange, Seconds } from './units';

/** Spec 000 section 9: the circular waveform has 120 bars. */
export const WAVEFORM_BAR_COUNT = 120;

export interface DecodedAudio {
  readonly sampleRate: number;
  readonly numberOfChannels: number;
  getChannelData(channel: number): Float32Array;
}

/** Each bar the loudest sample in its slice, scaled to 1; slices by time, so stems of other lengths line up. */
export function waveformPeaks(stems: readonly DecodedAudio[], duration: Seconds, barCount: number = WAVEFORM_BAR_COUNT): NormalRange[] {
  if (!Number.isInteger(barCount) || barCount < 1) throw new RangeError(`barCount must be a positive integer, got ${barCount}`);
  if (!Number.isFinite(duration) || duration < 0) throw new RangeError(`duration must be a finite number of seconds >= 0, got ${duration}`);
  const peaks = new Array<number>(barCount).fill(0);
  if (duration === 0) return peaks;
  const slice = duration / barCount;
  for (const stem of stems) {
    if (!(stem.sampleRate > 0)) throw new RangeError(`sampleRate must be positive, got ${stem.sampleRate}`);
    for (let channel = 0; channel < stem.numberOfChannels; channel++) {
      const samples = stem.getChannelData(channel);
      for (let bar = 0; bar < barCount; bar++) {
        const first = Math.floor(bar * slice * stem.sampleRate);
        if (first >= samples.length) break;
        const end = Math.min(samples.length, Math.floor((bar + 1) * slice * stem.sampleRate));
        let loudest = peaks[bar]!;
        for (let index = first; index < end; index++) {
          const magnitude = Math.abs(samples[index]!);
          if (magnitude > loudest) loudest = magnitude;
        }
        peaks[bar] = loudest;
      }
    }
  }
  const highest = Math.max(...peaks);
  return highest > 0 ? peaks.map((peak) => peak / highest) : peaks;
}
