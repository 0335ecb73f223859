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

/** A tempo or transpose change is heard this long after the call: under the 100 ms a musician notices. */
export const CHANGE_LOOKAHEAD: Seconds = 0.04;

/** Every change schedules all stem nodes at one audio-clock time, so stems stay sample-aligned. */
export class StemTransport {
  private transport: Transport = stoppedTransport;
  private rate = 1;
  private semitones = 0;
  private loop: LoopRange | null = null;
  private scheduler: number | null = null;
  /** A change scheduled ahead applies at `until`; until then the position follows the transport it replaced. */
  private beforeChange: { until: Seconds; transport: Transport } | null = null;
  private lastPlan: StartPlan | null = null;
  private endTimer: number | null = null;
  private sentUntil: Seconds = 0;
  /** A pass after a count-in: sent once the count-in's silence is in effect (see `tick`). */
  private passStart: SourceChange | null = null;

  constructor(
    readonly graph: StemGraph,
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

  position(): Seconds {
    this.settleEnd();
    const now = this.graph.context.immediate();
    return positionAt(this.transportAt(now), now, this.duration);
  }

  get tempo(): number {
    return this.rate;
  }

  get transpose(): number {
    return this.semitones;
  }

  get loopRange(): LoopRange | null {
    return this.loop;
  }

  /** Sets the tempo (0.5..1.5) keeping the pitch; while playing, heard CHANGE_LOOKAHEAD from now, without a gap. */
  setTempo(rate: number): Promise<unknown> {
    this.graph.assertLive();
    this.rate = assertTempo(rate);
    return this.reschedule();
  }

  /** Transposes the pitched stems (-6..+6 semitones); drums stay as they are. */
  setTranspose(semitones: number): Promise<unknown> {
    this.graph.assertLive();
    this.semitones = assertTranspose(semitones);
    return this.reschedule();
  }

  /** Repeats `loop` (song seconds), null ends looping; set while playing outside it, playback moves to its start. */
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

  /** Plays from the remembered position (0 at the song's end). Call it from a user gesture: it resumes the context. */
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
    const countIn = this.practice.countIn(this.rate, next.from);
    this.startAll(next, now, countIn);
    this.practice.started(this.transport as PlayingTransport, countIn, this.rate, this.loop);
  }

  pause(): void {
    this.graph.assertLive();
    const now = this.graph.context.immediate();
    const next = pause(this.transportAt(now), now, this.duration);
    if (next.state === 'playing' || this.transport.state !== 'playing') return;
    this.stopAll();
    this.transport = next;
  }

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
    const position = positionAt(next, now, this.duration);
    if (this.loop && (position < this.loop.start || position >= this.loop.end)) this.loop = null;
    if (next.state === 'playing') {
      this.clearEndTimer();
      this.startAll(next, now);
    } else {
      this.transport = next;
    }
  }

  /** How the band plays now: from song position `from` at audio-clock `startedAt`, at `rate`; null unless playing. A take is placed with it. */
  playingSnapshot(): { startedAt: Seconds; from: Seconds; rate: number } | null {
    if (!this.isPlaying || this.transport.state !== 'playing') return null;
    return { startedAt: this.transport.startedAt, from: this.transport.from, rate: this.transport.rate ?? 1 };
  }

  /** The audio-clock time each stem was last started at (tests check they are identical). */
  lastStartTimes(): Record<string, Seconds> {
    const times: Record<string, Seconds> = {};
    for (const start of this.lastPlan?.starts ?? []) times[start.id] = start.time;
    return times;
  }

  dispose(): void {
    this.clearEndTimer();
    this.stopScheduler();
  }

  private transportAt(now: Seconds): Transport {
    return this.beforeChange && now < this.beforeChange.until ? this.beforeChange.transport : this.transport;
  }

  private startAll(next: PlayingTransport, now: Seconds, countIn: Seconds = 0): void {
    const plan = planStart(this.graph.stems, next.from, now, START_LOOKAHEAD + countIn);
    this.beforeChange = null;
    this.passStart = null;
    this.practice.restartClicks(plan.time);
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

  private reschedule(): Promise<unknown> {
    if (this.graph.disposed) return Promise.resolve();
    if (this.transport.state !== 'playing') {
      if (needsStretch(this.stretchSettings())) this.graph.prepareStretch().catch(reportStretchBuildError);
      return Promise.resolve();
    }
    // Until the stretch nodes are built, the plain players play on; then they hand over.
    if (needsStretch(this.stretchSettings()) && !this.graph.stretchReady) return this.graph.prepareStretch().then(() => this.reschedule());
    // The raw clock: Tone's now() adds its 100 ms lookahead.
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
    // Each schedule replaces the nodes' pending changes, so the next is sent once the last is heard.
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

  /** The loop's next pass at `boundary`; the nodes' own loop stays set, should a tick come late. */
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

  /** The rate heard: 1 while the stretch nodes the tempo needs are being built, so the position follows it. */
  private heardRate(): number {
    return needsStretch(this.stretchSettings()) && !this.graph.stretchReady ? 1 : this.rate;
  }

  /** One change on every stem node; needing stretch nodes not built yet, `reschedule` hands over once they are. */
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
      // The window's clock is not the audio clock: early, check again.
      if (!this.settleEnd()) this.scheduleEndCheck();
    }, remaining * 1000);
  }

  /** Applies the end-of-song rule; true when it ended playback. */
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
