import type { ExportFormat } from './export-format';

/** What the page sends the encoding worker: the rendered mix's channels (transferred, not copied). */
export interface EncodeRequest {
  format: ExportFormat;
  sampleRate: number;
  channels: Float32Array[];
}

/** What the worker answers: progress (0..1), then the file's bytes or why it failed. */
export type EncodeReply = { kind: 'progress'; fraction: number } | { kind: 'done'; bytes: Uint8Array } | { kind: 'failed'; message: string };
