import * as Tone from 'tone';
import { fetchStemAudio } from './fetch-stem-audio';
import type { StemSource } from './fetch-stem-audio';
import { ANALYSER_FFT_SIZE, ANALYSER_SMOOTHING } from './spectrum-bars';
import { planStart } from './start-plan';
import type { StartPlan } from './start-plan';
import { pause, play, positionAt, seek, settle, START_LOOKAHEAD, stoppedTransport, timeUntilEnd } from './transport';
import type { Transport } from './transport';
import { assertNormalRange } from './units';
import type { Decibels, NormalRange, Seconds } from './units';
import { waveformPeaks } from './waveform-peaks';

export type { StemSource } from './fetch-stem-audio';

/** A stem that could not be fetched or decoded: it stays silent and the others play. */
export interface StemLoadFailure {
  id: string;
  message: string;
}

/** How to load a song's stems. */
export interface StemEngineOptions {
  /** Defaults to the global fetch; tests and the HEAD-checking loader may pass their own. */
  fetch?: typeof fetch;
  /** Aborts loading: fetches stop and whatever was decoded is released. */
  signal?: AbortSignal;
  /** Called as each stem finishes (decoded or failed), for a progress display. */
  onStemSettled?: (settled: number, total: number) => void;
  /** Called when playback reaches the end of the song on its own. */
  onEnded?: () => void;
}

interface Channel {
  id: string;
  duration: Seconds;
  player: Tone.Player;
  gain: Tone.Gain;
  meter: Tone.Meter;
}

/** Mute and volume changes glide over this long, so a gain step never clicks. */
const GAIN_RAMP: Seconds = 0.015;
/** Each source fades in and out this fast on start and stop, so a seek never clicks either. */
const SOURCE_FADE: Seconds = 0.005;

/**
 * One song's stems on the Tone.js audio graph: stem player -> gain -> master -> speakers, with a
 * meter on each gain and the spectrum analyser on the master. All sources start at one shared
 * audio-clock time (see `planStart`), on play and on every seek, so stems stay sample-aligned.
 * One engine per song: `dispose()` it when the song changes, which releases every decoded buffer.
 */
export class StemEngine {
  private transport: Transport = stoppedTransport;
  private lastPlan: StartPlan | null = null;
  private endTimer: number | null = null;
  private disposed = false;
  private peaks: NormalRange[] | null = null;

  private constructor(
    private readonly context: Tone.BaseContext,
    private readonly channels: readonly Channel[],
    private readonly master: Tone.Gain,
    private readonly analyser: Tone.Analyser,
    /** Stems that stay silent, with why. */
    readonly failures: readonly StemLoadFailure[],
    private readonly onEnded: (() => void) | undefined,
  ) {}

  /**
   * Fetches and decodes every stem (in parallel) and builds the graph. A stem that fails is reported
   * in `failures` and skipped (spec 000 section 4); an abort rejects and releases everything.
   */
  static async load(sources: readonly StemSource[], options: StemEngineOptions = {}): Promise<StemEngine> {
    const context = Tone.getContext();
    const fetchFn = options.fetch ?? fetch.bind(globalThis);
    let settled = 0;
    const results = await Promise.allSettled(
      sources.map(async (source) => {
        try {
          const encoded = await fetchStemAudio(source, fetchFn, options.signal);
          return await context.decodeAudioData(encoded);
        } finally {
          options.onStemSettled?.(++settled, sources.length);
        }
      }),
    );
    // Decoded buffers of an aborted load are simply dropped: nothing references them yet.
    options.signal?.throwIfAborted();

    const master = new Tone.Gain(1).toDestination();
    const analyser = new Tone.Analyser({ type: 'fft', size: ANALYSER_FFT_SIZE / 2, smoothing: ANALYSER_SMOOTHING });
    master.connect(analyser);
    const channels: Channel[] = [];
    const failures: StemLoadFailure[] = [];
    results.forEach((result, index) => {
      const id = sources[index]!.id;
      if (result.status === 'rejected') {
        failures.push({ id, message: result.reason instanceof Error ? result.reason.message : String(result.reason) });
        return;
      }
      const player = new Tone.Player({ url: result.value, fadeIn: SOURCE_FADE, fadeOut: SOURCE_FADE });
      const gain = new Tone.Gain(1);
      const meter = new Tone.Meter({ smoothing: ANALYSER_SMOOTHING });
      player.chain(gain, master);
      gain.connect(meter);
      channels.push({ id, duration: result.value.duration, player, gain, meter });
    });
    return new StemEngine(context, channels, master, analyser, failures, options.onEnded);
  }

  /** The stems that decoded, in load order. */
  get stemIds(): string[] {
    return this.channels.map((channel) => channel.id);
  }

  /** The song's length: its longest decoded stem (0 when none decoded, which disables seeking). */
  get duration(): Seconds {
    return this.channels.reduce((longest, channel) => Math.max(longest, channel.duration), 0);
  }

  get isPlaying(): boolean {
    this.settleEnd();
    return this.transport.state === 'playing';
  }

  /** The song position now, in seconds. */
  position(): Seconds {
    this.settleEnd();
    return positionAt(this.transport, this.context.immediate(), this.duration);
  }

  /**
   * Starts every stem from the remembered position (from 0 at the end of the song). Call it from the
   * user's gesture: the first call resumes the audio context, which browsers allow only then.
   */
  async play(): Promise<void> {
    this.assertLive();
    if (this.context.state !== 'running') await Tone.start();
    const now = this.context.now();
    const next = play(this.transport, now, this.duration);
    if (next === this.transport || next.state !== 'playing') return;
    this.startAll(next, now);
  }

  /** Stops every source and remembers the position. */
  pause(): void {
    this.assertLive();
    const next = pause(this.transport, this.context.immediate(), this.duration);
    if (next === this.transport) return;
    this.stopAll();
    this.transport = next;
  }

  /** Stops every source; the position goes back to 0. */
  stop(): void {
    this.assertLive();
    this.stopAll();
    this.transport = stoppedTransport;
  }

  /** Moves to `target` (clamped to the song); while playing, every stem restarts there together. */
  seek(target: Seconds): void {
    this.assertLive();
    const now = this.context.now();
    const next = seek(this.transport, target, now, this.duration);
    if (next === this.transport) return;
    if (next.state === 'playing') {
      this.stopAll();
      this.startAll(next, now);
    } else {
      this.transport = next;
    }
  }

  /**
   * Sets each stem's gain (the mixer's effective gains: volume, or 0 when muted), gliding there so
   * nothing clicks. Stems not named keep their gain; a value outside 0..1 is a RangeError.
   */
  setGains(gains: Readonly<Record<string, NormalRange>>): void {
    this.assertLive();
    for (const [id, value] of Object.entries(gains)) assertNormalRange(`gain of ${id}`, value);
    const now = this.context.immediate();
    for (const channel of this.channels) {
      const value = gains[channel.id];
      if (value !== undefined) channel.gain.gain.rampTo(value, GAIN_RAMP, now);
    }
  }

  /** The master output's spectrum: one decibel value per FFT bin, 0 Hz to Nyquist (see `spectrumBars`). */
  spectrum(): Float32Array {
    this.assertLive();
    return this.analyser.getValue() as Float32Array;
  }

  /** The circular waveform's bars (see `waveformPeaks`), from every decoded stem; computed once. */
  waveformPeaks(): NormalRange[] {
    this.assertLive();
    this.peaks ??= waveformPeaks(
      this.channels.flatMap((channel) => channel.player.buffer.get() ?? []),
      this.duration,
    );
    return this.peaks;
  }

  /** The audio context's sample rate, to place the spectrum's bins on the frequency axis. */
  get sampleRate(): number {
    return this.context.sampleRate;
  }

  /** Each stem's level after its gain, in dBFS (-Infinity when silent), for the mixer meters. */
  levels(): Record<string, Decibels> {
    this.assertLive();
    const levels: Record<string, Decibels> = {};
    for (const channel of this.channels) {
      const value = channel.meter.getValue();
      levels[channel.id] = Array.isArray(value) ? Math.max(...value) : value;
    }
    return levels;
  }

  /**
   * The audio-clock time each stem was last started at: all identical after play and after seek.
   * Tests read it to prove the stems were started together.
   */
  lastStartTimes(): Record<string, Seconds> {
    const times: Record<string, Seconds> = {};
    for (const start of this.lastPlan?.starts ?? []) times[start.id] = start.time;
    return times;
  }

  /** Stops playback and releases every node and decoded buffer. The engine is unusable after. */
  dispose(): void {
    if (this.disposed) return;
    this.clearEndTimer();
    for (const channel of this.channels) {
      channel.player.dispose(); // stops its sources and disposes its buffer
      channel.gain.dispose();
      channel.meter.dispose();
    }
    this.master.dispose();
    this.analyser.dispose();
    this.disposed = true;
  }

  private startAll(next: Extract<Transport, { state: 'playing' }>, now: Seconds): void {
    const plan = planStart(this.channels, next.from, now, START_LOOKAHEAD);
    const byId = new Map(this.channels.map((channel) => [channel.id, channel]));
    // One loop, one time: every Player.start gets plan.time, never a time read per stem.
    for (const start of plan.starts) byId.get(start.id)!.player.start(start.time, start.offset);
    this.lastPlan = plan;
    this.transport = next;
    this.scheduleEndCheck();
  }

  private stopAll(): void {
    this.clearEndTimer();
    const now = this.context.immediate();
    for (const channel of this.channels) channel.player.stop(now);
  }

  private scheduleEndCheck(): void {
    this.clearEndTimer();
    const remaining = timeUntilEnd(this.transport, this.context.immediate(), this.duration);
    if (remaining === null) return;
    this.endTimer = this.context.setTimeout(() => {
      this.endTimer = null;
      if (this.disposed || this.transport.state !== 'playing') return;
      // The clock's timer may fire a little early: then check again when the end is due.
      if (!this.settleEnd()) this.scheduleEndCheck();
    }, remaining);
  }

  /** Applies the end-of-song rule, telling `onEnded` when it ends playback; true when it did. */
  private settleEnd(): boolean {
    if (this.disposed) return false;
    const next = settle(this.transport, this.context.immediate(), this.duration);
    if (next === this.transport) return false;
    this.stopAll();
    this.transport = next;
    this.onEnded?.();
    return true;
  }

  private clearEndTimer(): void {
    if (this.endTimer !== null) this.context.clearTimeout(this.endTimer);
    this.endTimer = null;
  }

  private assertLive(): void {
    if (this.disposed) throw new Error('StemEngine used after dispose()');
  }
}
