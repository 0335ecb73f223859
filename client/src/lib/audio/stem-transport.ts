import { assertTempo, assertTranspose } from './render-mix';
import type { PracticeTools } from './practice-tools';
import { planStart } from './start-plan';
import type { StartPlan } from './start-plan';
import { needsStretch } from './source-schedule';
import type { SourceChange, StretchSettings } from './source-schedule';
import type { StemGraph } from './stem-graph';
import { pause, play, positionAt, seek, settle, START_LOOKAHEAD, stoppedTransport, timeUntilEnd } from './transport';
import type { LoopRange, PlayingTransport, Transport } from './transport';
import type { Seconds } from './units';

/** Pass boundaries are scheduled this far ahead of the audio clock, every SCHEDULER_TICK. */
const SCHEDULE_AHEAD: Seconds = 0.2;
const SCHEDULER_TICK_MS = 50;

/**
 * A tempo or transpose change while playing is heard this long after the call: enough for the
 * message to reach the audio thread, well under the 100 ms a musician notices.
 */
export const CHANGE_LOOKAHEAD: Seconds = 0.04;

/**
 * The transport over a song's stem graph: play, pause, stop, seek, and tempo, transpose and loop
 * changes, each turned into one schedule of every stem node (see `StemGraph.schedule`) at one
 * audio-clock time, input position and rate (see `planStart`), so stems stay sample-aligned. A
 * timer on the window ticks while playing to schedule the loop's next pass and the click track's
 * next window ahead of the audio clock, and another one ends playback at the end of the song.
 */
export class StemTransport {
  private transport: Transport = stoppedTransport;
  private rate = 1;
  private semitones = 0;
  private loop: LoopRange | null = null;
  private scheduler: number | null = null;
  /**
   * A change scheduled ahead (tempo, transpose, a pass boundary) takes effect at `until`; before
   * then the position still follows the transport it replaced, so it neither leaps nor stalls.
   */
  private beforeChange: { until: Seconds; transport: Transport } | null = null;
  private lastPlan: StartPlan | null = null;
  private endTimer: number | null = null;
  /** The output time of the last change sent to the stem nodes. */
  private sentUntil: Seconds = 0;
  /** A pass after a count-in: sent once the count-in's silence is in effect (see `tick`). */
  private passStart: SourceChange | null = null;

  constructor(
    /** The song's stems on the audio graph: gains, meters, spectrum, waveform. */
    readonly graph: StemGraph,
    /** Beat grid, click, count-in and the loop's passes. */
    readonly practice: PracticeTools,
    private readonly onEnded: (() => void) | undefined,
  ) {}

  private get duration(): Seconds {
    return this.graph.duration;
  }

  get isPlaying(): boolean {
    this.settleEnd();
    return this.transport.state === 'playing';
  }

  /** The song position now, in seconds. */
  position(): Seconds {
    this.settleEnd();
    const now = this.graph.context.immediate();
    return positionAt(this.transportAt(now), now, this.duration);
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
    this.graph.assertLive();
    this.rate = assertTempo(rate);
    return this.reschedule();
  }

  /** Transposes the pitched stems (-6..+6 semitones) keeping the tempo; drums stay as they are. */
  setTranspose(semitones: number): Promise<unknown> {
    this.graph.assertLive();
    this.semitones = assertTranspose(semitones);
    return this.reschedule();
  }

  /**
   * Repeats `loop` (song seconds) seamlessly: the stem nodes jump from its end to its start inside
   * their own processing, so the seam has no gap and no click. Null ends looping. A loop set while
   * playing outside it moves playback to its start.
   */
  setLoop(loop: LoopRange | null): Promise<unknown> {
    this.graph.assertLive();
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

  /**
   * Starts every stem from the remembered position (from 0 at the end of the song). Call it from the
   * user's gesture: the first call resumes the audio context, which browsers allow only then.
   */
  async play(): Promise<void> {
    this.graph.assertLive();
    const context = this.graph.context;
    if (context.state !== 'running') await context.resume();
    // A tempo or transpose set while stopped (a preset) plays through the stretch nodes from the start.
    if (needsStretch(this.stretchSettings())) await this.graph.prepareStretch();
    if (this.graph.disposed) return;
    const now = context.now();
    const next = play(this.transport, now, this.duration);
    if (next === this.transport || next.state !== 'playing') return;
    // The count-in runs on into the song's beats from where playback starts (the analysis' first beat).
    const countIn = this.practice.countIn(this.rate, next.from);
    this.startAll(next, now, countIn);
    this.practice.started(this.transport as PlayingTransport, countIn, this.rate, this.loop);
  }

  /** Stops every source and remembers the position. */
  pause(): void {
    this.graph.assertLive();
    const now = this.graph.context.immediate();
    const next = pause(this.transportAt(now), now, this.duration);
    if (next.state === 'playing' || this.transport.state !== 'playing') return;
    this.stopAll();
    this.transport = next;
  }

  /** Stops every source; the position goes back to 0. */
  stop(): void {
    this.graph.assertLive();
    this.stopAll();
    this.transport = stoppedTransport;
  }

  /** Moves to `target` (clamped to the song); while playing, every stem restarts there together. */
  seek(target: Seconds): void {
    this.graph.assertLive();
    const now = this.graph.context.now();
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
   * The audio-clock time each stem was last started at: all identical after play and after seek.
   * Tests read it to prove the stems were started together.
   */
  lastStartTimes(): Record<string, Seconds> {
    const times: Record<string, Seconds> = {};
    for (const start of this.lastPlan?.starts ?? []) times[start.id] = start.time;
    return times;
  }

  /** Stops the window's timers (the graph's nodes are the graph's to release). */
  dispose(): void {
    this.clearEndTimer();
    this.stopScheduler();
  }

  /** The transport in effect at `now`: the one a change scheduled ahead replaces, until it applies. */
  private transportAt(now: Seconds): Transport {
    return this.beforeChange && now < this.beforeChange.until ? this.beforeChange.transport : this.transport;
  }

  private startAll(next: PlayingTransport, now: Seconds, countIn: Seconds = 0): void {
    const plan = planStart(this.graph.stems, next.from, now, START_LOOKAHEAD + countIn);
    this.beforeChange = null;
    this.passStart = null;
    this.practice.restartClicks(plan.time);
    // One schedule, one time: every node gets plan.time and the same input position. A stem that
    // ended is silent on its own: the node pads it with silence past its end.
    void this.scheduleSources({ output: plan.time, input: next.from, active: true, ...this.stretchSettings() });
    this.lastPlan = plan;
    this.transport = { ...next, startedAt: plan.time, rate: this.heardRate(), loop: this.loop };
    this.scheduleEndCheck();
    this.startScheduler();
  }

  private stopAll(): void {
    this.clearEndTimer();
    this.stopScheduler();
    this.practice.stopped();
    this.beforeChange = null;
    this.passStart = null;
    const now = this.graph.context.immediate();
    void this.scheduleSources({ output: now, input: positionAt(this.transport, now, this.duration), active: false, ...this.stretchSettings() });
  }

  /** A tempo, transpose or loop change: while playing, it continues from where playback is then. */
  private reschedule(): Promise<unknown> {
    if (this.graph.disposed) return Promise.resolve();
    if (this.transport.state !== 'playing') {
      // Set while stopped (a preset, or the controls before Play): built now, so Play need not wait.
      if (needsStretch(this.stretchSettings())) this.graph.prepareStretch().catch(reportStretchBuildError);
      return Promise.resolve();
    }
    // Not built yet (the control was not touched first, or the build is under way): the plain
    // players go on as they are until the stretch nodes are there, then hand over to them.
    if (needsStretch(this.stretchSettings()) && !this.graph.stretchReady) return this.graph.prepareStretch().then(() => this.reschedule());
    // The raw clock, not Tone's now() (which adds Tone's own 100 ms scheduling lookahead).
    const at = this.graph.context.immediate() + CHANGE_LOOKAHEAD;
    const from = positionAt(this.transport, at, this.duration);
    this.beforeChange = { until: at, transport: this.transport };
    this.passStart = null;
    this.transport = { state: 'playing', startedAt: at, from, rate: this.rate, loop: this.loop };
    this.practice.restartClicks(at);
    this.scheduleEndCheck();
    return this.scheduleSources({ output: at, input: from, active: true, ...this.stretchSettings() });
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

  /** Near a loop pass's end, schedules the next pass; then the click track's next window. */
  private tick(): void {
    if (this.graph.disposed || this.transport.state !== 'playing') return;
    const now = this.graph.context.now();
    const playing = this.transport;
    // Each schedule replaces the nodes' pending changes (and one timed ahead with `outputTime`
    // drops the stretch node's playing segment at once), so the next is sent once the last is heard.
    if (this.graph.context.immediate() > this.sentUntil) {
      if (this.passStart) {
        void this.scheduleSources(this.passStart);
        this.passStart = null;
      } else if (this.loop && playing.from < this.loop.end && this.practice.schedulesPasses) {
        const boundary = playing.startedAt + (this.loop.end - playing.from) / (playing.rate ?? 1);
        if (boundary < now + SCHEDULE_AHEAD && !this.practice.isPassScheduled(boundary)) this.schedulePass(boundary);
      }
    }
    this.practice.scheduleClicks(now, this.transport as PlayingTransport, this.loop);
  }

  /**
   * The loop's next pass from its start at audio time `boundary`, at the trainer's next tempo, after
   * a count-in when asked. The nodes' own loop stays set, should a tick come late.
   */
  private schedulePass(boundary: Seconds): void {
    const loop = this.loop!;
    const { rate, countIn } = this.practice.nextPass(boundary, loop, this.rate);
    this.rate = rate;
    const start: SourceChange = { output: boundary + countIn, input: loop.start, active: true, ...this.stretchSettings() };
    if (countIn > 0) {
      void this.scheduleSources({ ...start, output: boundary, active: false });
      this.passStart = start;
    } else {
      void this.scheduleSources(start);
    }
    this.beforeChange = { until: boundary, transport: this.transport };
    this.transport = { state: 'playing', startedAt: boundary + countIn, from: loop.start, rate: this.heardRate(), loop };
  }

  private stretchSettings(): StretchSettings {
    return { rate: this.rate, semitones: this.semitones, loop: this.loop };
  }

  /**
   * The rate the stems play at: the tempo, except while the stretch nodes it needs are still being
   * built, when the plain players play on at 1x (a seek during the build starts them so). The
   * position follows what is heard, and the handover to the stretch nodes continues from there:
   * timed at the tempo instead, it went back by the build's time times the difference of the rates.
   */
  private heardRate(): number {
    return needsStretch(this.stretchSettings()) && !this.graph.stretchReady ? 1 : this.rate;
  }

  /**
   * Schedules one change on every stem node (see `StemGraph.schedule`). Should the stretch nodes be
   * needed before they are built (a seek or a trainer's pass during their build), the plain players
   * play on at 1x and `reschedule` hands over once they are built.
   */
  private scheduleSources(change: SourceChange): Promise<unknown> {
    if (change.active && needsStretch(change) && !this.graph.stretchReady) this.graph.prepareStretch().then(() => this.reschedule(), reportStretchBuildError);
    this.sentUntil = change.output;
    return this.graph.schedule(change);
  }

  private scheduleEndCheck(): void {
    this.clearEndTimer();
    const remaining = timeUntilEnd(this.transport, this.graph.context.immediate(), this.duration);
    if (remaining === null) return;
    this.endTimer = window.setTimeout(() => {
      this.endTimer = null;
      if (this.graph.disposed || this.transport.state !== 'playing') return;
      // The window's timer runs on its own clock, not the audio clock, and may fire a little early:
      // then check again when the end is due.
      if (!this.settleEnd()) this.scheduleEndCheck();
    }, remaining * 1000);
  }

  /** Applies the end-of-song rule, telling `onEnded` when it ends playback; true when it did. */
  private settleEnd(): boolean {
    if (this.graph.disposed) return false;
    const next = settle(this.transport, this.graph.context.immediate(), this.duration);
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
}

export function reportStretchBuildError(error: unknown): void {
  console.error('The time-stretch nodes could not be built; playback stays at 100% and no transpose', error);
}
