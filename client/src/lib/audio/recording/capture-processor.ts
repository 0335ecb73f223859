export const CAPTURE_PROCESSOR = 'woodshed-capture';

/**
 * The microphone's samples on the audio thread, posted to the page in blocks of `blockFrames` with
 * the audio-clock frame of their first sample, so a take is placed on the same clock the stems are
 * started on. Its text goes to `addModule`, so no imports, class fields or object spread.
 * Messages in: 'stop' posts what is left, then ['stopped', frame]. Out: ['block', firstFrame, Float32Array].
 */
export function registerCaptureProcessor(name: string, blockFrames: number): void {
  interface Port {
    onmessage: ((event: { data: unknown }) => void) | null;
    postMessage(message: unknown, transfer?: unknown[]): void;
  }
  const scope = globalThis as unknown as {
    AudioWorkletProcessor: new (options?: unknown) => { port: Port };
    registerProcessor(name: string, processor: unknown): void;
    currentFrame: number;
  };

  class CaptureProcessor extends scope.AudioWorkletProcessor {
    block: Float32Array;
    filled: number;
    blockStart: number;
    stopped: boolean;

    constructor(options?: unknown) {
      super(options);
      this.block = new Float32Array(blockFrames);
      this.filled = 0;
      this.blockStart = -1;
      this.stopped = false;
      this.port.onmessage = (event) => {
        if (event.data !== 'stop' || this.stopped) return;
        this.flush();
        this.stopped = true;
        this.port.postMessage(['stopped', scope.currentFrame]);
      };
    }

    flush(): void {
      if (this.filled === 0) return;
      const samples = this.block.slice(0, this.filled);
      this.port.postMessage(['block', this.blockStart, samples], [samples.buffer]);
      this.filled = 0;
      this.blockStart = -1;
    }

    process(inputs: Float32Array[][]): boolean {
      if (this.stopped) return false;
      const channels = inputs[0];
      const frames = channels && channels[0] ? channels[0].length : 0;
      let offset = 0;
      // A render quantum at a time, not a sample: this runs on the audio thread beside the band.
      while (offset < frames) {
        if (this.blockStart < 0) this.blockStart = scope.currentFrame + offset;
        const count = Math.min(frames - offset, blockFrames - this.filled);
        if (channels!.length === 1) {
          const input = channels![0]!;
          this.block.set(offset === 0 && count === input.length ? input : input.subarray(offset, offset + count), this.filled);
        } else {
          // Mono: the mean of the input's channels (one for most microphones and instrument inputs).
          for (let frame = 0; frame < count; frame++) {
            let sum = 0;
            for (let channel = 0; channel < channels!.length; channel++) sum += channels![channel]![offset + frame]!;
            this.block[this.filled + frame] = sum / channels!.length;
          }
        }
        this.filled += count;
        offset += count;
        if (this.filled === blockFrames) this.flush();
      }
      return true;
    }
  }

  scope.registerProcessor(name, CaptureProcessor);
}
