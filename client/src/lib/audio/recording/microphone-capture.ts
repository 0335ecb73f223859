import type { Seconds } from '../units';
import { CAPTURE_PROCESSOR, registerCaptureProcessor } from './capture-processor';
import { type CaptureSink, CaptureWriter } from './capture-writer';
import { type MicrophoneProblem, problemOfMicrophoneError } from './microphone-problems';

export type { CaptureSink } from './capture-writer';

/**
 * What a musician's instrument needs from the browser: its sound as it is. Echo cancellation, noise
 * suppression and automatic gain all damage it (they duck sustained notes and pump the level).
 */
export const instrumentAudioConstraints: MediaTrackConstraints = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
};

/** Recording could not start, or stopped: why, for the message. */
export class MicrophoneError extends Error {
  constructor(readonly problem: MicrophoneProblem) {
    super(problem);
    this.name = 'MicrophoneError';
  }
}

/** Which input the browser opened: its id (per site) and its name, as a measured latency is kept by. */
export interface MicrophoneDevice {
  id: string;
  label: string;
}

export interface CaptureOutcome {
  /** Audio-clock time of the first sample kept; null when nothing was captured. */
  recordedFrom: Seconds | null;
  /** Frames written by the sink, from `recordedFrom` on, with no gap. */
  frames: number;
  sampleRate: number;
  /** Why the capture ended early; null when it was stopped. */
  problem: MicrophoneProblem | null;
}

const moduleUrls = new Map<number, string>();
const modules = new WeakMap<BaseAudioContext, Promise<void>>();

/** Adds the capture processor to `context`, once per context and block size. */
export function addCaptureModule(context: BaseAudioContext, blockFrames: number): Promise<void> {
  let url = moduleUrls.get(blockFrames);
  if (!url) {
    url = URL.createObjectURL(new Blob([`(${registerCaptureProcessor.toString()})(${JSON.stringify(CAPTURE_PROCESSOR)}, ${blockFrames});`], { type: 'text/javascript' }));
    moduleUrls.set(blockFrames, url);
  }
  let added = modules.get(context);
  if (!added) {
    added = context.audioWorklet.addModule(url);
    modules.set(context, added);
  }
  return added;
}

/**
 * The microphone, armed on the song's own AudioContext so its samples carry the clock the stems are
 * started on. Blocks of one second go to the sink as they are captured, so little is held in memory
 * and a take cut short keeps what was written.
 */
export class MicrophoneCapture {
  private node: AudioWorkletNode | null = null;
  private source: MediaStreamAudioSourceNode | null = null;
  private silent: GainNode | null = null;
  private writer: CaptureWriter | null = null;
  private problem: MicrophoneProblem | null = null;
  private stopping: Promise<CaptureOutcome> | null = null;

  private constructor(
    private readonly context: AudioContext,
    private readonly stream: MediaStream,
  ) {}

  /** Asks for the microphone (the browser's prompt) with `instrumentAudioConstraints`; throws MicrophoneError. */
  static async open(context: AudioContext, mediaDevices: MediaDevices | undefined = globalThis.navigator?.mediaDevices): Promise<MicrophoneCapture> {
    if (!globalThis.isSecureContext) throw new MicrophoneError('insecure');
    if (!mediaDevices?.getUserMedia || !context.audioWorklet) throw new MicrophoneError('unsupported');
    let stream: MediaStream;
    try {
      stream = await mediaDevices.getUserMedia({ audio: instrumentAudioConstraints, video: false });
    } catch (error) {
      throw new MicrophoneError(problemOfMicrophoneError(error));
    }
    if (stream.getAudioTracks().length === 0) {
      stream.getTracks().forEach((track) => track.stop());
      throw new MicrophoneError('no-microphone');
    }
    return new MicrophoneCapture(context, stream);
  }

  /** The input's own latency as the browser reports it (0 when it does not). */
  get inputLatency(): Seconds {
    const settings = this.stream.getAudioTracks()[0]?.getSettings() as (MediaTrackSettings & { latency?: number }) | undefined;
    return settings?.latency ?? 0;
  }

  /** The input the browser gave: the default one unless the musician chose another in its prompt or settings. */
  get device(): MicrophoneDevice {
    const track = this.stream.getAudioTracks()[0];
    return { id: track?.getSettings().deviceId ?? '', label: track?.label ?? '' };
  }

  /** Starts capturing into `sink`; `onInterrupted` hears of an unplugged microphone or a failed write (then call `stop`). */
  async start(sink: CaptureSink, onInterrupted: (problem: MicrophoneProblem) => void): Promise<void> {
    const blockFrames = this.context.sampleRate;
    await addCaptureModule(this.context, blockFrames);
    const node = new AudioWorkletNode(this.context, CAPTURE_PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 1, channelCountMode: 'max' });
    this.source = this.context.createMediaStreamSource(this.stream);
    // A silent path to the speakers keeps the node pulled by the graph without being heard.
    this.silent = this.context.createGain();
    this.silent.gain.value = 0;
    this.source.connect(node);
    node.connect(this.silent);
    this.silent.connect(this.context.destination);
    const interrupt = (problem: MicrophoneProblem) => {
      if (this.problem !== null || this.stopping) return;
      this.problem = problem;
      onInterrupted(problem);
    };
    const writer = new CaptureWriter(sink, interrupt);
    this.writer = writer;
    node.port.onmessage = (event: MessageEvent) => {
      const [kind, frame, samples] = event.data as [string, number, Float32Array?];
      if (kind === 'block' && samples) writer.write(frame / this.context.sampleRate, samples);
    };
    for (const track of this.stream.getAudioTracks()) track.addEventListener('ended', () => interrupt('unplugged'));
    this.node = node;
  }

  /** Stops capturing; resolves once every block captured is written. */
  stop(): Promise<CaptureOutcome> {
    this.stopping ??= this.finish();
    return this.stopping;
  }

  private async finish(): Promise<CaptureOutcome> {
    const node = this.node;
    if (node) {
      const stopped = new Promise<void>((resolve) => {
        const previous = node.port.onmessage;
        node.port.onmessage = (event: MessageEvent) => {
          previous?.call(node.port, event);
          if ((event.data as [string])[0] === 'stopped') resolve();
        };
        // An unplugged input leaves the worklet without blocks, but it still answers.
        setTimeout(resolve, 1_000);
      });
      node.port.postMessage('stop');
      await stopped;
    }
    const written = (await this.writer?.flushed()) ?? { recordedFrom: null, frames: 0, failure: null };
    this.release();
    return { recordedFrom: written.recordedFrom, frames: written.frames, sampleRate: this.context.sampleRate, problem: this.problem ?? written.failure };
  }

  /** Lets the microphone go (its indicator goes out) without waiting for anything. */
  release(): void {
    this.source?.disconnect();
    this.node?.disconnect();
    this.silent?.disconnect();
    this.stream.getTracks().forEach((track) => track.stop());
  }
}
