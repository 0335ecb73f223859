export const PCM_PLAYER = 'woodshed-pcm-player';

/**
 * The plain stem player, with the stretch node's `schedule` (decision 0041). Its text goes to
 * `addModule`, so no imports, class fields or object spread (compilers lower them to outside helpers).
 */
export function registerPcmPlayer(name: string): void {
  interface Segment {
    output: number;
    input: number;
    active: boolean;
    rate: number;
    semitones: number;
    loopStart: number;
    loopEnd: number;
  }
  interface Port {
    onmessage: ((event: { data: unknown[] }) => void) | null;
    postMessage(message: unknown): void;
  }
  const scope = globalThis as unknown as {
    AudioWorkletProcessor: new (options?: unknown) => { port: Port };
    registerProcessor(name: string, processor: unknown): void;
    sampleRate: number;
    currentFrame: number;
  };
  const FADE_SECONDS = 0.005;
  const REPORT_SECONDS = 0.1;

  /** The sample a segment reads at `frame`, or -1 when silent: inactive, or not yet in effect. */
  function sampleAt(segment: Segment, frame: number, sampleRate: number): number {
    if (!segment.active || frame < segment.output * sampleRate) return -1;
    return Math.round(segment.input * sampleRate + (frame - segment.output * sampleRate) * segment.rate);
  }

  class PcmPlayer extends scope.AudioWorkletProcessor {
    timeMap: Segment[];
    channels: Float32Array[];
    /** The sample read last (-1: silent), and the ones fading out after a jump. */
    lastSample: number;
    fadeIndex: number;
    fadeLeft: number;
    fadeLength: number;
    reportLeft: number;

    constructor(options?: unknown) {
      super(options);
      this.timeMap = [{ output: 0, input: 0, active: false, rate: 1, semitones: 0, loopStart: 0, loopEnd: 0 }];
      this.channels = [];
      this.lastSample = -1;
      this.fadeIndex = -1;
      this.fadeLeft = 0;
      this.fadeLength = Math.max(1, Math.round(FADE_SECONDS * scope.sampleRate));
      this.reportLeft = 0;
      this.port.onmessage = (event) => {
        const [id, method, ...args] = event.data as [number, string, ...unknown[]];
        this.port.postMessage([id, this.call(method, args)]);
      };
    }

    call(method: string, args: unknown[]): unknown {
      if (method === 'schedule') return this.schedule(args[0] as Partial<Segment> & { outputTime?: number });
      if (method === 'setBuffers') {
        this.channels = args[0] as Float32Array[];
        return this.channels[0] ? this.channels[0].length / scope.sampleRate : 0;
      }
      if (method === 'dropBuffers') {
        this.channels = [];
        return 0;
      }
      throw new Error(`unknown method ${method}`);
    }

    /** As signalsmith-stretch's: changes at or after `outputTime` (default now) are replaced; the rest is inherited. */
    schedule(change: Partial<Segment> & { outputTime?: number }): Segment {
      const now = scope.currentFrame / scope.sampleRate;
      const outputTime = typeof change.outputTime === 'number' ? change.outputTime : now;
      let latest = this.timeMap[this.timeMap.length - 1]!;
      while (this.timeMap.length > 0 && this.timeMap[this.timeMap.length - 1]!.output >= outputTime) latest = this.timeMap.pop()!;
      const segment: Segment = Object.assign({}, latest, { output: outputTime }, change);
      delete (segment as { outputTime?: number }).outputTime;
      if (typeof change.input !== 'number') segment.input = latest.input + (segment.output - latest.output) * (latest.active ? latest.rate : 0);
      this.timeMap.push(segment);
      return segment;
    }

    process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
      const output = outputs[0];
      if (!output || output.length === 0) return true;
      const sampleRate = scope.sampleRate;
      const start = scope.currentFrame;
      const frames = output[0]!.length;
      for (let offset = 0; offset < frames; offset++) {
        const sample = this.sampleNow(start + offset, sampleRate);
        const last = this.lastSample;
        // A jump, start or stop: the samples that would have come next fade out. Steps of 0-2 are rate.
        if (sample < 0 !== last < 0 || (sample >= 0 && Math.abs(sample - last - 1) > 1)) {
          this.fadeIndex = last < 0 ? -1 : last + 1;
          this.fadeLeft = this.fadeLength;
        }
        const oldWeight = this.fadeLeft / this.fadeLength;
        for (let channel = 0; channel < output.length; channel++) {
          const samples = this.channels[channel];
          const now = samples && sample >= 0 && sample < samples.length ? samples[sample]! : 0;
          const faded = samples && oldWeight > 0 && this.fadeIndex >= 0 && this.fadeIndex < samples.length ? samples[this.fadeIndex]! : 0;
          output[channel]![offset] = now * (1 - oldWeight) + faded * oldWeight;
        }
        if (this.fadeLeft > 0) {
          this.fadeLeft -= 1;
          if (this.fadeIndex >= 0) this.fadeIndex += 1;
        }
        this.lastSample = sample;
      }
      this.report(frames, sampleRate);
      return true;
    }

    sampleNow(frame: number, sampleRate: number): number {
      while (this.timeMap.length > 1 && this.timeMap[1]!.output * sampleRate <= frame) this.timeMap.shift();
      const segment = this.timeMap[0]!;
      const sample = sampleAt(segment, frame, sampleRate);
      if (sample < 0 || !(segment.loopEnd > segment.loopStart) || sample < Math.round(segment.loopEnd * sampleRate)) return sample;
      segment.input -= segment.loopEnd - segment.loopStart;
      return sampleAt(segment, frame, sampleRate);
    }

    /** Reports the position every REPORT_SECONDS while playing, as the stretch node does. */
    report(frames: number, sampleRate: number): void {
      const segment = this.timeMap[0]!;
      if (!segment.active) return;
      this.reportLeft -= frames;
      if (this.reportLeft > 0) return;
      this.reportLeft = REPORT_SECONDS * sampleRate;
      this.port.postMessage(['time', sampleAt(segment, scope.currentFrame + frames, sampleRate) / sampleRate]);
    }
  }

  scope.registerProcessor(name, PcmPlayer);
}
