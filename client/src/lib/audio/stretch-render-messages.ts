import type { SampleLoop } from './stretch-stream';

/**
 * One lane of the export's stretch for a worker to render (export-lanes.ts): its groups, each one
 * stretch (the stems sharing it, with their channels, one for a mono stem, and gains, and the
 * group's semitones: 0 for drums), and the time map in samples.
 */
export interface StretchRenderRequest {
  sampleRate: number;
  groups: { semitones: number; stems: { channels: Float32Array[]; gain: number }[] }[];
  rate: number;
  from: number;
  loop: SampleLoop | null;
  /** Output samples to produce. */
  length: number;
}

/** Progress (the fraction of the lane done), or the lane's stereo mix (each stem times its gain, summed). */
export type StretchRenderReply =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; left: Float32Array; right: Float32Array }
  | { kind: 'failed'; message: string };
