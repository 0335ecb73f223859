import type * as Tone from './tone';
import { clickTimes, countInClicks, countInDuration, trainerTempo } from './beat-grid';
import type { BeatGrid, SpeedTrainer } from './beat-grid';
import { ClickTrack } from './click-track';
import type { MixClick } from './export-layout';
import type { LoopRange, PlayingTransport } from './transport';
import type { NormalRange, Seconds } from './units';

export interface ClickSettings {
  click: boolean;
  volume: NormalRange;
  countInBars: 0 | 1 | 2;
  /** Count in again before each pass of the loop. */
  countInEachPass: boolean;
}

/** One pass of the A-B loop as scheduled, on the audio clock (browser tests check against it). */
export interface LoopPassSchedule {
  /** 0 = the pass playback started with. */
  pass: number;
  tempo: number;
  /** When the pass before it ends (and its count-in starts). */
  boundary: Seconds;
  countIn: Seconds[];
  /** When the song position `from` plays. */
  startsAt: Seconds;
  from: Seconds;
}

const KEPT_PASSES = 16;

/** Clicks are scheduled this far ahead, so a late tick drops none; a transport change reschedules them. */
const CLICK_AHEAD: Seconds = 1.5;

/** Click, count-in, speed trainer and loop passes on the audio clock; the engine owns the transport. */
export class PracticeTools {
  private grid: BeatGrid | null = null;
  private clicks: ClickSettings = { click: false, volume: 0.8, countInBars: 0, countInEachPass: false };
  private trainer: SpeedTrainer | null = null;
  private pass = 0;
  private clickedUntil: Seconds = 0;
  private passScheduledAt: Seconds | null = null;
  private passes: LoopPassSchedule[] = [];
  /** Tells the pass listener when a pass scheduled ahead is heard. */
  private passTimer: number | null = null;
  private passNotice: (() => void) | null = null;
  private onPass: ((pass: number, tempo: number) => void) | null = null;
  private readonly clickTrack: ClickTrack;
  private released = false;

  constructor(private readonly context: Tone.BaseContext) {
    const raw = context.rawContext as AudioContext;
    this.clickTrack = new ClickTrack(raw, raw.destination);
    this.clickTrack.volume = this.clicks.volume;
  }

  get beatGrid(): BeatGrid | null {
    return this.grid;
  }

  setBeatGrid(grid: BeatGrid | null): void {
    this.grid = grid;
  }

  /** The rest applies from the next beat; the click off, at once. */
  setClickSettings(settings: ClickSettings): void {
    if (this.released) throw new Error('StemEngine used after dispose()');
    this.clicks = { ...settings };
    this.clickTrack.volume = settings.volume;
    const now = this.context.now();
    if (!settings.click) {
      this.clickTrack.cancelFrom(now);
      this.clickedUntil = Math.min(this.clickedUntil, now);
    }
  }

  /** Sets the speed trainer, counting passes from 0; answers its start tempo (null: off). */
  setTrainer(trainer: SpeedTrainer | null): number | null {
    this.trainer = trainer;
    this.pass = 0;
    return trainer ? trainerTempo(trainer, 0) : null;
  }

  get loopPass(): number {
    return this.pass;
  }

  loopPasses(): readonly LoopPassSchedule[] {
    return this.passes;
  }

  setPassListener(listener: ((pass: number, tempo: number) => void) | null): void {
    this.onPass = listener;
  }

  /** Whether each pass is scheduled on its own: a trainer, or a count-in before each. */
  get schedulesPasses(): boolean {
    return this.trainer !== null || (this.clicks.countInEachPass && this.clicks.countInBars > 0 && this.grid !== null);
  }

  isPassScheduled(boundary: Seconds): boolean {
    return this.passScheduledAt === boundary;
  }

  /** How long the count-in lasts at `rate` before playing from `from` (0 without one). */
  countIn(rate: number, from?: Seconds): Seconds {
    return this.grid && this.clicks.countInBars > 0 ? countInDuration(this.grid, this.clicks.countInBars, rate, from) : 0;
  }

  /** The click and count-in as the export mixes them in; null without a beat grid. */
  mixClick(): MixClick | null {
    return this.grid ? { grid: this.grid, ...this.clicks } : null;
  }

  clickState(rate: number): { on: boolean; countIn: Seconds; countInEachPass: boolean } | null {
    if (!this.grid) return null;
    const countIn = this.countIn(rate);
    return { on: this.clicks.click || countIn > 0, countIn, countInEachPass: this.clicks.countInEachPass };
  }

  /** Playback started, `countIn` before `playing` plays: the count-in's clicks, and the passes' record anew. */
  started(playing: PlayingTransport, countIn: Seconds, rate: number, loop: LoopRange | null): void {
    const clicks = this.grid && countIn > 0 ? countInClicks(this.grid, this.clicks.countInBars, playing.startedAt, rate, playing.from) : [];
    this.clickTrack.schedule(clicks);
    this.passes = [];
    if (loop && playing.from < loop.end) {
      this.recordPass({ pass: this.pass, tempo: rate, boundary: playing.startedAt - countIn, countIn: clicks.map((click) => click.time), startsAt: playing.startedAt, from: playing.from });
    }
  }

  /** Drops the clicks after `from`, timed for the old transport. */
  restartClicks(from: Seconds): void {
    this.clickTrack.cancelFrom(from);
    this.clickedUntil = Math.min(this.clickedUntil, from);
    this.passScheduledAt = null;
  }

  scheduleClicks(now: Seconds, playing: PlayingTransport, loop: LoopRange | null): void {
    if (!this.clicks.click || !this.grid) return;
    const until = now + CLICK_AHEAD;
    const start = Math.max(this.clickedUntil, now);
    if (until > start) {
      this.clickTrack.schedule(clickTimes(this.grid, { startedAt: playing.startedAt, from: playing.from, rate: playing.rate ?? 1, loop }, start, until));
    }
    this.clickedUntil = Math.max(this.clickedUntil, until);
  }

  /** The loop's next pass at `boundary`; the listener hears of it at the seam, not when scheduled. */
  nextPass(boundary: Seconds, loop: LoopRange, rate: number): { rate: number; countIn: Seconds } {
    this.pass += 1;
    const tempo = this.trainer ? trainerTempo(this.trainer, this.pass) : rate;
    const countIn = this.clicks.countInEachPass ? this.countIn(tempo, loop.start) : 0;
    this.clickTrack.cancelFrom(boundary);
    const clicks = this.grid && countIn > 0 ? countInClicks(this.grid, this.clicks.countInBars, boundary + countIn, tempo, loop.start) : [];
    this.clickTrack.schedule(clicks);
    this.clickedUntil = boundary + countIn;
    this.passScheduledAt = boundary;
    this.recordPass({ pass: this.pass, tempo, boundary, countIn: clicks.map((click) => click.time), startsAt: boundary + countIn, from: loop.start });
    const pass = this.pass;
    this.clearPassTimer();
    this.passNotice = () => this.onPass?.(pass, tempo);
    this.passTimer = window.setTimeout(() => this.flushPassTimer(), Math.max(0, (boundary - this.context.immediate()) * 1000));
    return { rate: tempo, countIn };
  }

  /** Playback stopped: the clicks stop, and a pass scheduled (its tempo set) is told now. */
  stopped(): void {
    this.flushPassTimer();
    this.clickTrack.cancelFrom(0);
  }

  dispose(): void {
    this.released = true;
    this.clearPassTimer();
    this.clickTrack.dispose();
  }

  private flushPassTimer(): void {
    const notice = this.passNotice;
    this.clearPassTimer();
    notice?.();
  }

  private clearPassTimer(): void {
    if (this.passTimer !== null) window.clearTimeout(this.passTimer);
    this.passTimer = null;
    this.passNotice = null;
  }

  private recordPass(pass: LoopPassSchedule): void {
    this.passes = [...this.passes.slice(-(KEPT_PASSES - 1)), pass];
  }
}
