import type { MixSettings } from './render-mix';
import type { StemSource } from './fetch-stem-audio';
import type { BeatGrid, SpeedTrainer } from './beat-grid';
import { PracticeTools } from './practice-tools';
import type { ClickSettings, LoopPassSchedule } from './practice-tools';
import { StemGraph } from './stem-graph';
import type { StemGraphOptions, StemLoadFailure } from './stem-graph';
import { reportStretchBuildError, StemTransport } from './stem-transport';
import type { LoopRange } from './transport';
import type { Decibels, NormalRange, Seconds } from './units';

export type { StemSource } from './fetch-stem-audio';
export type { MixSettings } from './render-mix';
export type { LoopRange } from './transport';
export type { BeatGrid, SpeedTrainer } from './beat-grid';
export type { ClickSettings, LoopPassSchedule } from './practice-tools';
export type { StemLoadFailure } from './stem-graph';
export { CHANGE_LOOKAHEAD } from './stem-transport';

/** How to load a song's stems, and what to tell when it plays to its end. */
export interface StemEngineOptions extends StemGraphOptions {
  /** Called when playback reaches the end of the song on its own. */
  onEnded?: () => void;
}

/**
 * One song's playback, in three parts: its stems on the audio graph (`StemGraph`: loading, the
 * plain players and stretch nodes, gains, meters, the offline render), the transport over them
 * (`StemTransport`: play, seek, tempo, transpose, loop, each scheduled on every node at one
 * audio-clock time) and the practice tools (`PracticeTools`: click, count-in, speed trainer, the
 * loop's passes). Positions are song seconds; at tempo 0.75 one audio second plays 0.75 song
 * seconds. One engine per song: `dispose()` releases every node and buffer.
 */
export class StemEngine {
  private readonly practice: PracticeTools;
  private readonly transport: StemTransport;

  private constructor(
    private readonly graph: StemGraph,
    onEnded: (() => void) | undefined,
  ) {
    this.practice = new PracticeTools(graph.context);
    this.transport = new StemTransport(graph, this.practice, onEnded);
  }

  /**
   * Fetches and decodes every stem (in parallel) and builds the graph. A stem that fails is reported
   * in `failures` and skipped (spec 000 section 4); an abort rejects and releases everything.
   */
  static async load(sources: readonly StemSource[], options: StemEngineOptions = {}): Promise<StemEngine> {
    return new StemEngine(await StemGraph.load(sources, options), options.onEnded);
  }

  /** Stems that stay silent, with why. */
  get failures(): readonly StemLoadFailure[] {
    return this.graph.failures;
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
    return this.graph.prepareStretch();
  }

  /** The stems that decoded, in load order. */
  get stemIds(): string[] {
    return this.graph.stemIds;
  }

  /** The song's length: its longest decoded stem (0 when none decoded, which disables seeking). */
  get duration(): Seconds {
    return this.graph.duration;
  }

  get isPlaying(): boolean {
    return this.transport.isPlaying;
  }

  /** The song position now, in seconds. */
  position(): Seconds {
    return this.transport.position();
  }

  /** The tempo as a playback rate (1 = the song's own). */
  get tempo(): number {
    return this.transport.tempo;
  }

  /** The transpose of the pitched stems, in semitones. */
  get transpose(): number {
    return this.transport.transpose;
  }

  /** The A-B loop playback repeats, or null. */
  get loopRange(): LoopRange | null {
    return this.transport.loopRange;
  }

  /**
   * Sets the tempo (0.5..1.5) keeping the pitch. While playing, the change is heard
   * CHANGE_LOOKAHEAD from now, continuing from the position playback reaches then: no restart, no
   * gap. Resolves once the audio thread has the change.
   */
  setTempo(rate: number): Promise<unknown> {
    this.assertLive();
    return this.transport.setTempo(rate);
  }

  /** Transposes the pitched stems (-6..+6 semitones) keeping the tempo; drums stay as they are. */
  setTranspose(semitones: number): Promise<unknown> {
    this.assertLive();
    return this.transport.setTranspose(semitones);
  }

  /**
   * Repeats `loop` (song seconds) seamlessly: the stem nodes jump from its end to its start inside
   * their own processing, so the seam has no gap and no click. Null ends looping. A loop set while
   * playing outside it moves playback to its start.
   */
  setLoop(loop: LoopRange | null): Promise<unknown> {
    this.assertLive();
    return this.transport.setLoop(loop);
  }

  /** The song's beat grid (from the analysis' BPM) for snapping, count-in and click; null = none. */
  setBeatGrid(grid: BeatGrid | null): void {
    this.practice.setBeatGrid(grid);
  }

  get beatGrid(): BeatGrid | null {
    return this.practice.beatGrid;
  }

  /** Count-in and click track; the click's volume glides, the rest applies from the next beat. */
  setClickSettings(settings: ClickSettings): void {
    this.assertLive();
    this.practice.setClickSettings(settings);
  }

  /**
   * The speed trainer while a loop plays: pass 0 at the start tempo, each next pass `step` faster
   * up to the target; null turns it off (the tempo stays where it is).
   */
  setSpeedTrainer(trainer: SpeedTrainer | null): Promise<unknown> {
    this.assertLive();
    const startTempo = this.practice.setTrainer(trainer);
    if (startTempo === null) return Promise.resolve();
    // Its passes change the tempo at the loop's seam, scheduled ahead: the stretch nodes must be there.
    this.prepareStretch().catch(reportStretchBuildError);
    return this.setTempo(startTempo);
  }

  /** The last passes of the loop as scheduled since playback started (the latest last). */
  loopPasses(): readonly LoopPassSchedule[] {
    return this.practice.loopPasses();
  }

  /** The pass of the loop playing now (0 = the first), which the speed trainer counts. */
  get loopPass(): number {
    return this.practice.loopPass;
  }

  /** Tells `listener` each new loop pass (the trainer's tempo may have changed); null stops telling. */
  setPassListener(listener: ((pass: number, tempo: number) => void) | null): void {
    this.practice.setPassListener(listener);
  }

  /**
   * The mix rendered offline (see `renderMix`) from the decoded stems, in the same stretch groups
   * as the live graph; `includeClick` adds the count-in and click as they are set now (nothing when
   * the song has no beat grid).
   */
  renderMix(settings: Omit<MixSettings, 'click'> & { includeClick?: boolean }, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioBuffer> {
    this.assertLive();
    const { includeClick, ...mix } = settings;
    return this.graph.renderMix({ ...mix, click: includeClick ? this.practice.mixClick() : null }, onProgress, signal);
  }

  /**
   * Whether the click or a count-in is on (the export's Include click starts so), and how long a
   * count-in lasts at the tempo now (0 without one); null without a beat grid.
   */
  get clickState(): { on: boolean; countIn: Seconds; countInEachPass: boolean } | null {
    return this.practice.clickState(this.transport.tempo);
  }

  /**
   * Starts every stem from the remembered position (from 0 at the end of the song). Call it from the
   * user's gesture: the first call resumes the audio context, which browsers allow only then.
   */
  play(): Promise<void> {
    this.assertLive();
    return this.transport.play();
  }

  /** Stops every source and remembers the position. */
  pause(): void {
    this.assertLive();
    this.transport.pause();
  }

  /** Stops every source; the position goes back to 0. */
  stop(): void {
    this.assertLive();
    this.transport.stop();
  }

  /** Moves to `target` (clamped to the song); while playing, every stem restarts there together. */
  seek(target: Seconds): void {
    this.assertLive();
    this.transport.seek(target);
  }

  /**
   * Sets each stem's gain (the mixer's effective gains: volume, or 0 when muted), gliding there so
   * nothing clicks. Stems not named keep their gain; a value outside 0..1 is a RangeError.
   */
  setGains(gains: Readonly<Record<string, NormalRange>>): void {
    this.assertLive();
    this.graph.setGains(gains);
  }

  /** The master output's spectrum: one decibel value per FFT bin, 0 Hz to Nyquist (see `spectrumBars`). */
  spectrum(): Float32Array {
    this.assertLive();
    return this.graph.spectrum();
  }

  /** The circular waveform's bars (see `waveformPeaks`), from every decoded stem; computed once. */
  waveformPeaks(): NormalRange[] {
    this.assertLive();
    return this.graph.waveformPeaks();
  }

  /** The audio context's sample rate, to place the spectrum's bins on the frequency axis. */
  get sampleRate(): number {
    return this.graph.context.sampleRate;
  }

  /** Each stem's level after its gain, in dBFS (-Infinity when silent), for the mixer meters. */
  levels(): Record<string, Decibels> {
    this.assertLive();
    return this.graph.levels();
  }

  /**
   * The audio-clock time each stem was last started at: all identical after play and after seek.
   * Tests read it to prove the stems were started together.
   */
  lastStartTimes(): Record<string, Seconds> {
    return this.transport.lastStartTimes();
  }

  /** Stops playback and releases every node and decoded buffer. The engine is unusable after. */
  dispose(): void {
    if (this.graph.disposed) return;
    this.transport.dispose();
    this.practice.dispose();
    this.graph.dispose();
  }

  private assertLive(): void {
    if (this.graph.disposed) throw new Error('StemEngine used after dispose()');
  }
}
