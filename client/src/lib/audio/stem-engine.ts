import * as Tone from './tone';
import { clickTimes, countInClicks, countInDuration, trainerTempo } from './beat-grid';
import type { BeatGrid, SpeedTrainer } from './beat-grid';
import { ClickTrack } from './click-track';
import { StemResponseError, fetchStemAudio } from './fetch-stem-audio';
import { assertTempo, assertTranspose, renderMix } from './render-mix';
import type { MixSettings } from './render-mix';
import type { StemSource } from './fetch-stem-audio';
import { ANALYSER_FFT_SIZE, ANALYSER_SMOOTHING } from './spectrum-bars';
import { type PcmBuffer, sharedPcm } from './pcm-buffer';
import { planStart } from './start-plan';
import type { StartPlan } from './start-plan';
import { buildPlainGraph } from './plain-graph';
import type { PlainGroup } from './plain-graph';
import { needsStretch, scheduleGroups } from './source-schedule';
import type { StemGroup, StretchSettings } from './source-schedule';
import type { StretchGroup } from './stretch-graph';
import { pause, play, positionAt, seek, settle, START_LOOKAHEAD, stoppedTransport, timeUntilEnd } from './transport';
import type { LoopRange, Transport } from './transport';
import { assertNormalRange } from './units';
import type { Decibels, NormalRange, Seconds } from './units';
import { waveformPeaks } from './waveform-peaks';

export type { StemSource } from './fetch-stem-audio';
export type { MixSettings } from './render-mix';
export type { LoopRange } from './transport';
export type { BeatGrid, SpeedTrainer } from './beat-grid';

/** Pass boundaries are scheduled this far ahead of the audio clock, every SCHEDULER_TICK. */
const SCHEDULE_AHEAD: Seconds = 0.2;
/**
 * Clicks are scheduled this far ahead: a tick that comes late (a busy page holds the main thread)
 * would otherwise find beats already past and drop them. Every change of transport cancels the
 * clicks after it and schedules again, so a long horizon costs nothing in response.
 */
const CLICK_AHEAD: Seconds = 1.5;
const SCHEDULER_TICK_MS = 50;

/** Count-in and click track settings. */
export interface ClickSettings {
  /** The click track on every beat while playing. */
  click: boolean;
  /** Its own volume, 0..1. */
  volume: NormalRange;
  /** Bars counted in before play (0 = none). */
  countInBars: 0 | 1 | 2;
  /** Count in again before each pass of the loop. */
  countInEachPass: boolean;
}

/**
 * One pass of the A-B loop as the engine scheduled it, on the audio clock: what a browser test
 * checks the seams, the speed trainer's steps and the count-in against.
 */
export interface LoopPassSchedule {
  /** 0 = the pass playback started with. */
  pass: number;
  tempo: number;
  /** When the pass before it ends (its count-in, if any, starts here). */
  boundary: Seconds;
  /** The count-in's clicks before the pass (empty without one). */
  countIn: Seconds[];
  /** When the song position `from` plays. */
  startsAt: Seconds;
  /** The song position the pass starts from: the loop's start, except maybe for pass 0. */
  from: Seconds;
}

/** The passes kept for `loopPasses()`: enough to see the trainer's steps, bounded for a long session. */
const KEPT_PASSES = 16;

/**
 * A tempo or transpose change while playing is heard this long after the call: enough for the
 * message to reach the audio thread, well under the 100 ms a musician notices (issue 12).
 */
export const CHANGE_LOOKAHEAD: Seconds = 0.04;

/** A stem that could not be fetched or decoded: it stays silent and the others play. */
export interface StemLoadFailure {
  id: string;
  message: string;
  /** The stream's HTTP status, when it answered with an error (403: the credit limit). */
  status?: number;
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
  /** Stems that are drums: they are time-stretched with the others but never transposed. */
  drums?: ReadonlySet<string>;
}

interface Channel {
  id: string;
  buffer: PcmBuffer;
  drums: boolean;
  gain: Tone.Gain;
  meter: Tone.Meter;
}

/** Mute and volume changes glide over this long, so a gain step never clicks. */
const GAIN_RAMP: Seconds = 0.015;

/**
 * A fresh audio context for one song, made Tone's. Native, because Tone's default wraps the
 * browser's in standardized-audio-context, whose nodes a plain AudioWorkletNode (the stretch
 * library) cannot connect to; Tone runs as well on the native one. One per song, closed with the
 * engine: the stretch worklet's scope, and every stem buffer it was handed, go with the context at
 * once. A context kept across songs held each song's stems until the audio thread's own garbage
 * collector ran, which it hardly does (bench:client: 400 MB still held after five songs).
 * Created suspended outside a user gesture; `play()` resumes it from the user's click.
 * Without Tone's clock ('offline': no ticker): its worker, a thread and a script heap of its own,
 * woke every 50 ms for Tone's own scheduling, which the engine does not use (its timers are the
 * window's, and the audio is scheduled on the audio clock).
 */
function freshToneContext(): Tone.BaseContext {
  Tone.setContext(new Tone.Context({ context: new AudioContext({ latencyHint: 'interactive' }), clockSource: 'offline' }));
  return Tone.getContext();
}

/**
 * One song's stems on the audio graph: the plain players (see `buildPlainGraph`), and once tempo or
 * transpose is touched the stretch nodes (see `buildStretchGraph`), each one node for the pitched
 * stems and one for the drums, split back into one gain per stem -> master -> speakers, with a
 * meter on each gain and the spectrum analyser on the master. At 1x and no transpose the plain
 * players play and the stretch nodes are silent (or not built); otherwise the other way round
 * (decision 0041). Every node is scheduled with one shared audio-clock time, input position and
 * rate (see `planStart`), on play, seek, every tempo change and every handover between the two
 * kinds, so stems stay sample-aligned. Positions are song seconds; at tempo 0.75 one audio second
 * plays 0.75 song seconds. One engine per song: `dispose()` releases every node and buffer.
 */
export class StemEngine {
  private transport: Transport = stoppedTransport;
  private rate = 1;
  private semitones = 0;
  private loop: LoopRange | null = null;
  private grid: BeatGrid | null = null;
  private clicks: ClickSettings = { click: false, volume: 0.8, countInBars: 0, countInEachPass: false };
  private trainer: SpeedTrainer | null = null;
  private pass = 0;
  /** Clicks are scheduled up to here (audio clock); the next window starts here. */
  private clickedUntil: Seconds = 0;
  /** The audio time of the pass boundary already scheduled, so a tick schedules it once. */
  private passScheduledAt: Seconds | null = null;
  private passes: LoopPassSchedule[] = [];
  /** Tells the pass listener when a scheduled pass is heard (it is scheduled ahead of time). */
  private passTimer: number | null = null;
  private scheduler: number | null = null;
  /**
   * A change scheduled ahead (tempo, transpose, a pass boundary) takes effect at `until`; before
   * then the position still follows the transport it replaced, so it neither leaps nor stalls.
   */
  private beforeChange: { until: Seconds; transport: Transport } | null = null;
  private readonly clickTrack: ClickTrack;
  private lastPlan: StartPlan | null = null;
  /**
   * The stretch nodes, built only once tempo, transpose or the speed trainer is touched (decision
   * 0041): at 1x and no transpose the plain players play, and the stretch nodes' WebAssembly and
   * worklet scope (about 11 MB private) are never made.
   */
  private stretch: StretchGroup[] | null = null;
  private stretchBuild: Promise<void> | null = null;
  private endTimer: number | null = null;
  private disposed = false;
  private peaks: NormalRange[] | null = null;

  private constructor(
    private readonly context: Tone.BaseContext,
    private channels: readonly Channel[],
    private readonly plain: readonly PlainGroup[],
    private readonly master: Tone.Gain,
    private readonly analyser: Tone.Analyser,
    /** Stems that stay silent, with why. */
    readonly failures: readonly StemLoadFailure[],
    private readonly onEnded: (() => void) | undefined,
  ) {
    const raw = context.rawContext as AudioContext;
    this.clickTrack = new ClickTrack(raw, raw.destination);
    this.clickTrack.volume = this.clicks.volume;
  }

  /**
   * Fetches and decodes every stem (in parallel) and builds the graph. A stem that fails is reported
   * in `failures` and skipped (spec 000 section 4); an abort rejects and releases everything.
   */
  static async load(sources: readonly StemSource[], options: StemEngineOptions = {}): Promise<StemEngine> {
    const context = freshToneContext();
    try {
      return await StemEngine.build(context, sources, options);
    } catch (error) {
      context.dispose(); // closes the AudioContext, and stops Tone's clock worker for it
      throw error;
    }
  }

  private static async build(context: Tone.BaseContext, sources: readonly StemSource[], options: StemEngineOptions): Promise<StemEngine> {
    const fetchFn = options.fetch ?? fetch.bind(globalThis);
    let settled = 0;
    const results = await Promise.allSettled(
      sources.map(async (source) => {
        try {
          const encoded = await fetchStemAudio(source, fetchFn, options.signal);
          const decoded = await context.decodeAudioData(encoded);
          // Shared now, at its own length, so this AudioBuffer goes before the others are decoded:
          // held until the last stem was, the six of them doubled the PCM at the load's peak.
          return sharedPcm(decoded, decoded.length);
        } finally {
          options.onStemSettled?.(++settled, sources.length);
        }
      }),
    );
    // Decoded buffers of an aborted load are simply dropped (and the context closed, by `load`).
    options.signal?.throwIfAborted();

    // Every node on this song's own context (not Tone's global one, which a later load replaces).
    const master = new Tone.Gain({ context, gain: 1 });
    Tone.connect(master, context.rawContext.destination);
    const analyser = new Tone.Analyser({ context, type: 'fft', size: ANALYSER_FFT_SIZE / 2, smoothing: ANALYSER_SMOOTHING });
    master.connect(analyser);
    const channels: Channel[] = [];
    const failures: StemLoadFailure[] = [];
    // Every stem padded to the longest (a shorter one copied once more), so the stretch graph hands
    // the worklet the engine's own shared samples instead of copies of them (see `sharedPcm`).
    const length = Math.max(0, ...results.map((result) => (result.status === 'fulfilled' ? result.value.length : 0)));
    results.forEach((result, index) => {
      const id = sources[index]!.id;
      if (result.status === 'rejected') {
        const status = result.reason instanceof StemResponseError ? result.reason.status : undefined;
        failures.push({ id, message: result.reason instanceof Error ? result.reason.message : String(result.reason), ...(status !== undefined && { status }) });
        return;
      }
      const gain = new Tone.Gain({ context, gain: 1 });
      const meter = new Tone.Meter({ context, smoothing: ANALYSER_SMOOTHING });
      gain.connect(master);
      gain.connect(meter);
      channels.push({ id, buffer: sharedPcm(result.value, length), drums: options.drums?.has(id) ?? false, gain, meter });
    });
    const plain = await buildPlainGraph(context.rawContext as AudioContext, channels, (id, output) => connectToStem(channels, id, output));
    return new StemEngine(context, channels, plain, master, analyser, failures, options.onEnded);
  }

  /**
   * Builds the stretch nodes now, if they are not built yet, so a tempo or transpose change is heard
   * CHANGE_LOOKAHEAD after it is made: the player calls this when the tempo or transpose control is
   * first touched (focus, pointer down), before the change itself. Building them (the worklet's
   * module and WebAssembly compiled on the audio thread) takes longer than CHANGE_LOOKAHEAD.
   * Resolves once they are built; idempotent.
   */
  prepareStretch(): Promise<void> {
    this.assertLive();
    // A failed build is tried again at the next touch, not remembered.
    this.stretchBuild ??= this.buildStretch().catch((error: unknown) => {
      this.stretchBuild = null;
      throw error;
    });
    return this.stretchBuild;
  }

  private async buildStretch(): Promise<void> {
    // Its own chunk: a song played at 1x never loads the stretch library's code either.
    const { buildStretchGraph } = await import('./stretch-graph');
    if (this.disposed) return;
    const channels = this.channels;
    let groups: StretchGroup[];
    try {
      groups = await buildStretchGraph(this.context.rawContext as AudioContext, channels, (id, output) => connectToStem(channels, id, output));
    } catch (error) {
      if (this.disposed) return; // the song was closed, and its context with it, during the build
      throw error;
    }
    if (this.disposed) {
      releaseGroups(groups);
      return;
    }
    this.stretch = groups;
  }

  /** The stems that decoded, in load order. */
  get stemIds(): string[] {
    return this.channels.map((channel) => channel.id);
  }

  /** The song's length: its longest decoded stem (0 when none decoded, which disables seeking). */
  get duration(): Seconds {
    return this.channels.reduce((longest, channel) => Math.max(longest, channel.buffer.duration), 0);
  }

  get isPlaying(): boolean {
    this.settleEnd();
    return this.transport.state === 'playing';
  }

  /** The song position now, in seconds. */
  position(): Seconds {
    this.settleEnd();
    const now = this.context.immediate();
    return positionAt(this.transportAt(now), now, this.duration);
  }

  /** The transport in effect at `now`: the one a change scheduled ahead replaces, until it applies. */
  private transportAt(now: Seconds): Transport {
    return this.beforeChange && now < this.beforeChange.until ? this.beforeChange.transport : this.transport;
  }

  /** The tempo as a playback rate (1 = the song's own). */
  get tempo(): number {
    return this.rate;
  }

  /** The transpose of the pitched stems, in semitones. */
  get transpose(): number {
    return this.semitones;
  }

  /** The A-B loop playback repeats, or null. */
  get loopRange(): LoopRange | null {
    return this.loop;
  }

  /**
   * Sets the tempo (0.5..1.5) keeping the pitch. While playing, the change is heard
   * CHANGE_LOOKAHEAD from now, continuing from the position playback reaches then: no restart, no
   * gap. Resolves once the audio thread has the change.
   */
  setTempo(rate: number): Promise<unknown> {
    this.assertLive();
    this.rate = assertTempo(rate);
    return this.reschedule();
  }

  /** Transposes the pitched stems (-6..+6 semitones) keeping the tempo; drums stay as they are. */
  setTranspose(semitones: number): Promise<unknown> {
    this.assertLive();
    this.semitones = assertTranspose(semitones);
    return this.reschedule();
  }

  /**
   * Repeats `loop` (song seconds) seamlessly: the stretch nodes jump from its end to its start
   * inside their own processing, so the seam has no gap and no click. Null ends looping. A loop
   * set while playing outside it moves playback to its start.
   */
  setLoop(loop: LoopRange | null): Promise<unknown> {
    this.assertLive();
    if (loop && !(loop.start >= 0 && loop.end > loop.start && loop.end <= this.duration)) {
      throw new RangeError(`loop must lie inside the song, got ${JSON.stringify(loop)}`);
    }
    this.loop = loop;
    const position = this.position();
    if (loop && (position < loop.start || position >= loop.end)) {
      if (this.transport.state === 'playing') this.seek(loop.start);
      else this.transport = { state: 'paused', position: loop.start };
      return Promise.resolve();
    }
    return this.reschedule();
  }

  /** The song's beat grid (from the analysis' BPM) for snapping, count-in and click; null = none. */
  setBeatGrid(grid: BeatGrid | null): void {
    this.grid = grid;
  }

  get beatGrid(): BeatGrid | null {
    return this.grid;
  }

  /** Count-in and click track; the click's volume glides, the rest applies from the next beat. */
  setClickSettings(settings: ClickSettings): void {
    this.assertLive();
    this.clicks = { ...settings };
    this.clickTrack.volume = settings.volume;
    const now = this.context.now();
    if (!settings.click) {
      this.clickTrack.cancelFrom(now);
      this.clickedUntil = Math.min(this.clickedUntil, now);
    }
  }

  /**
   * The speed trainer while a loop plays: pass 0 at the start tempo, each next pass `step` faster
   * up to the target; null turns it off (the tempo stays where it is).
   */
  setSpeedTrainer(trainer: SpeedTrainer | null): Promise<unknown> {
    this.assertLive();
    this.trainer = trainer;
    this.pass = 0;
    // Its passes change the tempo at the loop's seam, scheduled ahead: the stretch nodes must be there.
    if (trainer) this.prepareStretch().catch(reportStretchBuildError);
    return trainer ? this.setTempo(trainerTempo(trainer, 0)) : Promise.resolve();
  }

  /** The last passes of the loop as scheduled since playback started (the latest last). */
  loopPasses(): readonly LoopPassSchedule[] {
    return this.passes;
  }

  /** The pass of the loop playing now (0 = the first), which the speed trainer counts. */
  get loopPass(): number {
    return this.pass;
  }

  /**
   * The mix rendered offline (see `renderMix`) from the decoded stems, in the same stretch groups
   * as the live graph; `includeClick` adds the count-in and click as they are set now (nothing when
   * the song has no beat grid).
   */
  renderMix(settings: Omit<MixSettings, 'click'> & { includeClick?: boolean }, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioBuffer> {
    this.assertLive();
    const { includeClick, ...mix } = settings;
    const click = includeClick && this.grid ? { grid: this.grid, volume: this.clicks.volume, click: this.clicks.click, countInBars: this.clicks.countInBars, countInEachPass: this.clicks.countInEachPass } : null;
    return renderMix(this.channels, { ...mix, click }, onProgress, signal);
  }

  /**
   * Whether the click or a count-in is on (the export's Include click starts so), and how long a
   * count-in lasts at the tempo now (0 without one); null without a beat grid.
   */
  get clickState(): { on: boolean; countIn: Seconds; countInEachPass: boolean } | null {
    if (!this.grid) return null;
    const countIn = this.clicks.countInBars > 0 ? countInDuration(this.grid, this.clicks.countInBars, this.rate) : 0;
    return { on: this.clicks.click || countIn > 0, countIn, countInEachPass: this.clicks.countInEachPass };
  }

  /**
   * Starts every stem from the remembered position (from 0 at the end of the song). Call it from the
   * user's gesture: the first call resumes the audio context, which browsers allow only then.
   */
  async play(): Promise<void> {
    this.assertLive();
    if (this.context.state !== 'running') await this.context.resume();
    // A tempo or transpose set while stopped (a preset) plays through the stretch nodes from the start.
    if (needsStretch(this.stretchSettings())) await this.prepareStretch();
    if (this.disposed) return;
    const now = this.context.now();
    const next = play(this.transport, now, this.duration);
    if (next === this.transport || next.state !== 'playing') return;
    // The count-in runs on into the song's beats from where playback starts (the analysis' first beat).
    const countIn = this.grid && this.clicks.countInBars > 0 ? countInDuration(this.grid, this.clicks.countInBars, this.rate, next.from) : 0;
    this.startAll(next, now, countIn);
    const clicks = this.grid && countIn > 0 ? countInClicks(this.grid, this.clicks.countInBars, now + START_LOOKAHEAD + countIn, this.rate, next.from) : [];
    this.clickTrack.schedule(clicks);
    const playing = this.transport as Extract<Transport, { state: 'playing' }>;
    this.passes = [];
    if (this.loop && playing.from < this.loop.end) {
      this.recordPass({ pass: this.pass, tempo: this.rate, boundary: playing.startedAt - countIn, countIn: clicks.map((click) => click.time), startsAt: playing.startedAt, from: playing.from });
    }
  }

  /** Stops every source and remembers the position. */
  pause(): void {
    this.assertLive();
    const now = this.context.immediate();
    const next = pause(this.transportAt(now), now, this.duration);
    if (next.state === 'playing' || this.transport.state !== 'playing') return;
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
    // A seek out of the loop ends looping; inside it, the loop stays.
    const position = positionAt(next, now, this.duration);
    if (this.loop && (position < this.loop.start || position >= this.loop.end)) this.loop = null;
    if (next.state === 'playing') {
      // One jump of the time map, no stop first: the nodes cross-fade the seam themselves.
      this.clearEndTimer();
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
      this.channels.map((channel) => channel.buffer),
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
    releaseGroups(this.plain);
    releaseGroups(this.stretch ?? []);
    this.stretch = null;
    this.stopScheduler();
    this.clearPassTimer();
    this.clickTrack.dispose();
    for (const channel of this.channels) {
      channel.gain.dispose();
      channel.meter.dispose();
    }
    this.master.dispose();
    this.analyser.dispose();
    this.context.dispose(); // closes the AudioContext, and stops Tone's clock worker for it
    // The decoded stems go now, not when the last reference to this engine does: a closure or a
    // stale render of the player can outlive the song by a long time (bench:client measured 400 MB
    // still held after five songs were loaded and let go).
    this.channels = [];
    this.peaks = null;
    this.disposed = true;
  }

  private startAll(next: Extract<Transport, { state: 'playing' }>, now: Seconds, countIn: Seconds = 0): void {
    const stems = this.channels.map((channel) => ({ id: channel.id, duration: channel.buffer.duration }));
    const plan = planStart(stems, next.from, now, START_LOOKAHEAD + countIn);
    next = { ...next, startedAt: plan.time };
    this.beforeChange = null;
    this.restartClicks(plan.time);
    // One schedule, one time: every node gets plan.time and the same input position. A stem that
    // ended is silent on its own: the node pads it with silence past its end.
    void this.scheduleSources({ output: plan.time, input: next.from, active: true, ...this.stretchSettings() });
    this.lastPlan = plan;
    this.transport = { ...next, rate: this.rate, loop: this.loop };
    this.scheduleEndCheck();
    this.startScheduler();
  }

  private stopAll(): void {
    this.clearEndTimer();
    // A pass scheduled but not yet reached already set the tempo: the controls must show it.
    this.flushPassTimer();
    this.stopScheduler();
    this.beforeChange = null;
    this.clickTrack.cancelFrom(0);
    const now = this.context.immediate();
    void this.scheduleSources({ output: now, input: positionAt(this.transport, now, this.duration), active: false, ...this.stretchSettings() });
  }

  /** A tempo, transpose or loop change: while playing, it continues from where playback is then. */
  private reschedule(): Promise<unknown> {
    if (this.disposed) return Promise.resolve();
    if (this.transport.state !== 'playing') {
      // Set while stopped (a preset, or the controls before Play): built now, so Play need not wait.
      if (needsStretch(this.stretchSettings())) this.prepareStretch().catch(reportStretchBuildError);
      return Promise.resolve();
    }
    // Not built yet (the control was not touched first, or the build is under way): the plain
    // players go on as they are until the stretch nodes are there, then hand over to them.
    if (needsStretch(this.stretchSettings()) && !this.stretch) return this.prepareStretch().then(() => this.reschedule());
    // The raw clock, not Tone's now() (which adds Tone's own 100 ms scheduling lookahead).
    const at = this.context.immediate() + CHANGE_LOOKAHEAD;
    const from = positionAt(this.transport, at, this.duration);
    this.beforeChange = { until: at, transport: this.transport };
    this.transport = { state: 'playing', startedAt: at, from, rate: this.rate, loop: this.loop };
    this.restartClicks(at);
    this.scheduleEndCheck();
    return this.scheduleSources({ output: at, input: from, active: true, ...this.stretchSettings() });
  }

  /** Clicks after `from` were timed for the old transport: drop them and schedule again from there. */
  private restartClicks(from: Seconds): void {
    this.clickTrack.cancelFrom(from);
    this.clickedUntil = Math.min(this.clickedUntil, from);
    this.passScheduledAt = null;
  }

  private startScheduler(): void {
    this.stopScheduler();
    this.tick();
    this.scheduler = window.setInterval(() => this.tick(), SCHEDULER_TICK_MS);
  }

  private stopScheduler(): void {
    if (this.scheduler !== null) window.clearInterval(this.scheduler);
    this.scheduler = null;
  }

  /** Schedules the click track's next window and, near a loop pass's end, the next pass. */
  private tick(): void {
    if (this.disposed || this.transport.state !== 'playing') return;
    const now = this.context.now();
    const until = now + SCHEDULE_AHEAD;
    const playing = this.transport;
    const rate = playing.rate ?? 1;
    if (this.loop && playing.from < this.loop.end && (this.trainer || (this.clicks.countInEachPass && this.clicks.countInBars > 0 && this.grid))) {
      const boundary = playing.startedAt + (this.loop.end - playing.from) / rate;
      if (boundary < until && this.passScheduledAt !== boundary) this.schedulePass(boundary);
    }
    const current = this.transport as Extract<Transport, { state: 'playing' }>;
    const clicksUntil = now + CLICK_AHEAD;
    if (this.clicks.click && this.grid) {
      const start = Math.max(this.clickedUntil, now);
      if (clicksUntil > start) {
        this.clickTrack.schedule(clickTimes(this.grid, { startedAt: current.startedAt, from: current.from, rate: current.rate ?? 1, loop: this.loop }, start, clicksUntil));
      }
      this.clickedUntil = Math.max(this.clickedUntil, clicksUntil);
    }
  }

  /**
   * The next pass of the loop, from its start at audio time `boundary`: at the trainer's next tempo
   * and after a count-in when asked. An explicit jump of every node's time map at the boundary (the
   * nodes' own loop stays set as a safety net should a tick come late).
   */
  private schedulePass(boundary: Seconds): void {
    const loop = this.loop!;
    this.pass += 1;
    if (this.trainer) this.rate = trainerTempo(this.trainer, this.pass);
    const countIn =
      this.grid && this.clicks.countInEachPass && this.clicks.countInBars > 0 ? countInDuration(this.grid, this.clicks.countInBars, this.rate, loop.start) : 0;
    const settings = this.stretchSettings();
    if (countIn > 0) void this.scheduleSources({ output: boundary, input: loop.start, active: false, ...settings }, true);
    void this.scheduleSources({ output: boundary + countIn, input: loop.start, active: true, ...settings }, true);
    this.clickTrack.cancelFrom(boundary);
    const clicks = this.grid && countIn > 0 ? countInClicks(this.grid, this.clicks.countInBars, boundary + countIn, this.rate, loop.start) : [];
    this.clickTrack.schedule(clicks);
    this.beforeChange = { until: boundary, transport: this.transport };
    this.transport = { state: 'playing', startedAt: boundary + countIn, from: loop.start, rate: this.rate, loop };
    this.clickedUntil = boundary + countIn;
    this.passScheduledAt = boundary;
    this.recordPass({ pass: this.pass, tempo: this.rate, boundary, countIn: clicks.map((click) => click.time), startsAt: boundary + countIn, from: loop.start });
    // The pass is scheduled up to SCHEDULE_AHEAD early: the listener (the pass number and tempo the
    // controls show) hears of it at the seam, when the musician does.
    const pass = this.pass;
    const rate = this.rate;
    this.clearPassTimer();
    this.passNotice = () => this.onPass?.(pass, rate);
    this.passTimer = window.setTimeout(() => this.flushPassTimer(), Math.max(0, (boundary - this.context.immediate()) * 1000));
  }

  private passNotice: (() => void) | null = null;

  private flushPassTimer(): void {
    const notice = this.passNotice;
    this.clearPassTimer();
    notice?.();
  }

  private recordPass(pass: LoopPassSchedule): void {
    this.passes = [...this.passes.slice(-(KEPT_PASSES - 1)), pass];
  }

  private clearPassTimer(): void {
    if (this.passTimer !== null) window.clearTimeout(this.passTimer);
    this.passTimer = null;
    this.passNotice = null;
  }

  private onPass: ((pass: number, tempo: number) => void) | null = null;

  /** Tells `listener` each new loop pass (the trainer's tempo may have changed); null stops telling. */
  setPassListener(listener: ((pass: number, tempo: number) => void) | null): void {
    this.onPass = listener;
  }

  private stretchSettings(): StretchSettings {
    return { rate: this.rate, semitones: this.semitones, loop: this.loop };
  }

  /**
   * Schedules one change on the nodes that play it and silences the others at the same audio-clock
   * time, for every stem together: the plain players at 1x and no transpose, the stretch nodes
   * otherwise. So a handover between the two (the first tempo change, back to 100%) happens at one
   * output time for all stems, as a start or a seek does. Should the stretch nodes be needed before
   * they are built (a seek or a trainer's pass during their build), the plain players play on at
   * 1x and `reschedule` hands over once they are built.
   */
  private scheduleSources(change: { output: Seconds; input: Seconds; active: boolean } & StretchSettings, keepPending = false): Promise<unknown> {
    const stretched = needsStretch(change) && this.stretch !== null;
    if (needsStretch(change) && !this.stretch && change.active) this.prepareStretch().then(() => this.reschedule(), reportStretchBuildError);
    const playing: readonly StemGroup[] = stretched ? this.stretch! : this.plain;
    const silent: readonly StemGroup[] = stretched ? this.plain : (this.stretch ?? []);
    const heard = stretched ? change : { ...change, rate: 1, semitones: 0 };
    return Promise.all([scheduleGroups(playing, heard, keepPending), scheduleGroups(silent, { ...change, active: false }, keepPending)]);
  }

  private scheduleEndCheck(): void {
    this.clearEndTimer();
    const remaining = timeUntilEnd(this.transport, this.context.immediate(), this.duration);
    if (remaining === null) return;
    this.endTimer = window.setTimeout(() => {
      this.endTimer = null;
      if (this.disposed || this.transport.state !== 'playing') return;
      // The window's timer runs on its own clock, not the audio clock, and may fire a little early:
      // then check again when the end is due.
      if (!this.settleEnd()) this.scheduleEndCheck();
    }, remaining * 1000);
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
    if (this.endTimer !== null) window.clearTimeout(this.endTimer);
    this.endTimer = null;
  }

  private assertLive(): void {
    if (this.disposed) throw new Error('StemEngine used after dispose()');
  }
}

/** Connects a stem node's output for stem `id` to that stem's gain. */
function connectToStem(channels: readonly Channel[], id: string, output: AudioNode): void {
  Tone.connect(output, channels.find((channel) => channel.id === id)!.gain);
}

/** Stops and disconnects a song's stem nodes and lets go of what their worklets were handed. */
function releaseGroups(groups: readonly StemGroup[]): void {
  for (const group of groups) {
    void group.node.stop();
    void group.node.dropBuffers(); // the worklet's references to (or copies of) the stems
    group.node.disconnect();
  }
}

function reportStretchBuildError(error: unknown): void {
  console.error('The time-stretch nodes could not be built; playback stays at 100% and no transpose', error);
}
