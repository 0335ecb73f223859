import type { StemEngine } from '../audio/stem-engine';
import { type CaptureOutcome, MicrophoneCapture, type MicrophoneDevice } from '../audio/recording/microphone-capture';
import type { MicrophoneProblem } from '../audio/recording/microphone-problems';
import { type TransportSnapshot, reportedLatency, takeSegments } from '../audio/recording/take-segments';
import type { Seconds } from '../audio/units';
import type { TakeAudioStore } from './take-audio';
import { type TakeDraft, takeDrafts } from './take-drafts';

/** What recording needs of the microphone (tests pass a fake). */
export interface Microphone {
  readonly inputLatency: Seconds;
  readonly device: MicrophoneDevice;
  start(sink: (offset: number, samples: Float32Array) => Promise<void>, onInterrupted: (problem: MicrophoneProblem) => void): Promise<void>;
  stop(): Promise<CaptureOutcome>;
  release(): void;
}

export interface TakeRecordingOptions {
  engine: StemEngine;
  store: TakeAudioStore;
  userId: number;
  songId: number;
  /** The number the first take of this recording is named with. */
  firstNumber: number;
  /** Record one section: playback starts at its start and the take ends at its end. */
  section?: { start: Seconds; end: Seconds } | null;
  openMicrophone?: (context: AudioContext) => Promise<Microphone>;
  /** The round trip calibrated with this input, if it was: it places the takes instead of the browser's figure. */
  measuredLatency?: (device: MicrophoneDevice) => Seconds | null;
  newId?: () => string;
}

/** What a recording left: the takes cut from it (already in the store), and why it ended early, if it did. */
export interface RecordingResult {
  takes: TakeDraft[];
  problem: MicrophoneProblem | null;
}

/** How often the band's transport is looked at while recording: each restart (a seek, a loop pass) begins a take. */
const WATCH_MS = 50;

/**
 * One recording over the band: the microphone armed, then the band started (with its count-in), the
 * microphone's blocks written to the store as they come, and at the end the takes cut from it by the
 * band's transport (each loop pass its own). Pausing, the song's or the section's end, an unplugged
 * microphone or a full disk end it; what was written is kept.
 */
export class TakeRecording {
  private readonly snapshots: TransportSnapshot[] = [];
  private watch: ReturnType<typeof setInterval> | null = null;
  private stopping: Promise<RecordingResult> | null = null;
  private startedAt = new Date();
  private clockAtStart = 0;
  /** The song as recording started: the engine may be gone by the end (the player left mid-take). */
  private song = { duration: 0, transpose: 0, loop: null as { start: Seconds; end: Seconds } | null };

  private constructor(
    private readonly options: TakeRecordingOptions,
    private readonly microphone: Microphone,
    private readonly recordingId: string,
  ) {}

  /** Asks for the microphone; throws a MicrophoneError (no microphone, permission denied, ...). */
  static async arm(options: TakeRecordingOptions): Promise<TakeRecording> {
    const context = options.engine.graph.context.rawContext as AudioContext;
    const microphone = await (options.openMicrophone ?? ((raw: AudioContext) => MicrophoneCapture.open(raw)))(context);
    return new TakeRecording(options, microphone, (options.newId ?? (() => crypto.randomUUID()))());
  }

  /** Starts capturing, then the band; `onEnded` is told when the recording ended on its own (call `stop` then). */
  async start(onEnded: (problem: MicrophoneProblem | null) => void): Promise<void> {
    const { engine, store, userId } = this.options;
    let chunkIndex = 0;
    await this.microphone.start(
      (offset, samples) => store.appendChunk(userId, this.recordingId, { index: chunkIndex++, offset, samples }),
      (problem) => onEnded(problem),
    );
    // Recording starts with the count-in, as playing does: a band already playing stops first.
    if (engine.isPlaying) engine.pause();
    const section = this.options.section ?? null;
    if (section) engine.seek(section.start);
    this.song = { duration: engine.graph.duration, transpose: engine.transpose, loop: engine.loopRange };
    this.startedAt = new Date();
    this.clockAtStart = engine.graph.context.rawContext.currentTime;
    if (!engine.isPlaying) await engine.play();
    this.look();
    this.watch = globalThis.setInterval(() => {
      if (!this.look()) onEnded(null);
      else if (section && engine.position() >= section.end) onEnded(null);
    }, WATCH_MS);
  }

  /** Notes the band's transport; false once it stopped playing. */
  private look(): boolean {
    const snapshot = this.options.engine.playingSnapshot();
    if (!snapshot) return false;
    const last = this.snapshots.at(-1);
    if (!last || last.startedAt !== snapshot.startedAt || last.from !== snapshot.from || last.rate !== snapshot.rate) this.snapshots.push(snapshot);
    return true;
  }

  /** Stops the band and the microphone; resolves with the takes kept. Safe to call more than once. */
  stop(): Promise<RecordingResult> {
    this.stopping ??= this.finish();
    return this.stopping;
  }

  private async finish(): Promise<RecordingResult> {
    const { engine, store, userId } = this.options;
    if (this.watch !== null) globalThis.clearInterval(this.watch);
    const context = engine.graph.context.rawContext as AudioContext;
    const stopAt = context.currentTime;
    if (!engine.graph.disposed && engine.isPlaying) engine.pause();
    const outcome = await this.microphone.stop();
    const latency =
      this.options.measuredLatency?.(this.microphone.device) ??
      reportedLatency({ baseLatency: context.baseLatency, outputLatency: context.outputLatency, inputLatency: this.microphone.inputLatency });
    const section = this.options.section ?? null;
    const { loop, transpose } = this.song;
    const duration = section ? section.end : this.song.duration;
    const takes =
      outcome.recordedFrom === null
        ? []
        : takeDrafts({
            segments: takeSegments({ snapshots: this.snapshots, stopAt, loop, duration }),
            recordingId: this.recordingId,
            recordedFrom: outcome.recordedFrom,
            recordedFrames: outcome.frames,
            sampleRate: outcome.sampleRate,
            latency,
            songId: this.options.songId,
            transpose,
            loop,
            section,
            startedAt: this.startedAt,
            clockAtStart: this.clockAtStart,
            firstNumber: this.options.firstNumber,
            newId: this.options.newId ?? (() => crypto.randomUUID()),
            now: Date.now(),
          });
    if (takes.length === 0) await store.discardRecording(userId, this.recordingId).catch(() => undefined);
    else await store.saveTakes(userId, takes.map((take) => take.audio));
    return { takes, problem: outcome.problem };
  }

  /** Lets the microphone go at once (the player closed): nothing is kept beyond what was written. */
  abandon(): void {
    if (this.watch !== null) globalThis.clearInterval(this.watch);
    this.microphone.release();
  }
}
