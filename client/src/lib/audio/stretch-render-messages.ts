import type { SampleLoop } from './stretch-stream';

/**
 * One group of the export's stretch (the stems one live stretch node carries), for a worker to
 * render: each stem's channels (one for a mono stem), its gain, and the time map in samples.
 */
export interface StretchRenderRequest {
  sampleRate: number;
  stems: { channels: Float32Array[]; gain: number }[];
  rate: number;
  semitones: number;
  from: number;
  loop: SampleLoop | null;
  /** Output samples to produce. */
  length: number;
}

/** Progress (output samples done), or the group's stereo mix (each stem times its gain, summed). */
export type StretchRenderReply =
  | { kind: 'progress'; done: number }
  | { kind: 'done'; left: Float32Array; right: Float32Array }
  | { kind: 'failed'; message: string };
