import type { Seconds } from '../units';
import { type MicrophoneProblem, isQuotaError } from './microphone-problems';

/** Writes one captured block at `offset` frames into the recording; a rejection stops the capture (the quota reached, say). */
export type CaptureSink = (offset: number, samples: Float32Array) => Promise<void>;

/**
 * The captured blocks written one after another, in order, as they come. A failed write (a full
 * disk) stops the writing and is reported once: the blocks before it are the recording, with no gap.
 */
export class CaptureWriter {
  private writes: Promise<void> = Promise.resolve();
  private first: Seconds | null = null;
  private written = 0;
  private failure: MicrophoneProblem | null = null;

  constructor(
    private readonly sink: CaptureSink,
    private readonly onFailure: (problem: MicrophoneProblem) => void,
  ) {}

  /** Queues a block whose first sample was captured at audio-clock `capturedAt`. */
  write(capturedAt: Seconds, samples: Float32Array): void {
    if (this.failure) return;
    this.writes = this.writes.then(async () => {
      if (this.failure) return;
      try {
        await this.sink(this.written, samples);
        this.first ??= capturedAt;
        this.written += samples.length;
      } catch (error) {
        this.failure = isQuotaError(error) ? 'storage-full' : 'failed';
        this.onFailure(this.failure);
      }
    });
  }

  /** Resolves once every block queued so far is written (or dropped after a failure). */
  async flushed(): Promise<{ recordedFrom: Seconds | null; frames: number; failure: MicrophoneProblem | null }> {
    await this.writes;
    return { recordedFrom: this.first, frames: this.written, failure: this.failure };
  }
}
