import type { SampleLoop } from './stretch-stream';

/** One lane of the export for a worker: its groups (one stretch each) and the time map in samples. */
export interface StretchRenderRequest {
  sampleRate: number;
  groups: { semitones: number; stems: { channels: Float32Array[]; gain: number }[] }[];
  rate: number;
  from: number;
  loop: SampleLoop | null;
  length: number;
}

/** Progress, or the lane's stereo mix. */
export type StretchRenderReply =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; left: Float32Array; right: Float32Array }
  | { kind: 'failed'; message: string };
