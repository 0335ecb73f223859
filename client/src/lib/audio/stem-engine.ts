import type { MixSettings } from './render-mix';
import type { StemSource } from './fetch-stem-audio';
import type { SpeedTrainer } from './beat-grid';
import { PracticeTools } from './practice-tools';
import { StemGraph } from './stem-graph';
import type { StemGraphOptions } from './stem-graph';
import { reportStretchBuildError, StemTransport } from './stem-transport';
import type { Seconds } from './units';

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
 * One song's playback, in three parts: the transport it is (`StemTransport`: play, seek, tempo,
 * transpose, loop, each scheduled on every node at one audio-clock time), its stems on the audio
 * graph (`graph`: loading, the plain players and stretch nodes, gains, meters, spectrum, waveform)
 * and the practice tools (`practice`: beat grid, click, count-in, the loop's passes). The engine
 * itself holds only what crosses the parts. Positions are song seconds; at tempo 0.75 one audio
 * second plays 0.75 song seconds. One engine per song: `dispose()` releases every node and buffer,
 * and using it after throws.
 */
export class StemEngine extends StemTransport {
  private constructor(graph: StemGraph, onEnded: (() => void) | undefined) {
    super(graph, new PracticeTools(graph.context), onEnded);
  }

  /**
   * Fetches and decodes every stem (in parallel) and builds the graph. A stem that fails is reported
   * in `graph.failures` and skipped (spec 000 section 4); an abort rejects and releases everything.
   */
  static async load(sources: readonly StemSource[], options: StemEngineOptions = {}): Promise<StemEngine> {
    return new StemEngine(await StemGraph.load(sources, options), options.onEnded);
  }

  /**
   * Builds the stretch nodes now, if they are not built yet, so a tempo or transpose change is heard
   * CHANGE_LOOKAHEAD after it is made: the player calls this when the tempo or transpose control is
   * first touched (focus, pointer down), before the change itself. Building them (the worklet's
   * module and WebAssembly compiled on the audio thread) takes longer than CHANGE_LOOKAHEAD.
   * Resolves once they are built; idempotent.
   */
  prepareStretch(): Promise<void> {
    this.graph.assertLive();
    return this.graph.prepareStretch();
  }

  /**
   * The speed trainer while a loop plays: pass 0 at the start tempo, each next pass `step` faster
   * up to the target; null turns it off (the tempo stays where it is).
   */
  setSpeedTrainer(trainer: SpeedTrainer | null): Promise<unknown> {
    this.graph.assertLive();
    const startTempo = this.practice.setTrainer(trainer);
    if (startTempo === null) return Promise.resolve();
    // Its passes change the tempo at the loop's seam, scheduled ahead: the stretch nodes must be there.
    this.prepareStretch().catch(reportStretchBuildError);
    return this.setTempo(startTempo);
  }

  /**
   * The mix rendered offline (see `renderMix`) from the decoded stems, in the same stretch groups
   * as the live graph; `includeClick` adds the count-in and click as they are set now (nothing when
   * the song has no beat grid).
   */
  renderMix(settings: Omit<MixSettings, 'click'> & { includeClick?: boolean }, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioBuffer> {
    this.graph.assertLive();
    const { includeClick, ...mix } = settings;
    return this.graph.renderMix({ ...mix, click: includeClick ? this.practice.mixClick() : null }, onProgress, signal);
  }

  /**
   * Whether the click or a count-in is on (the export's Include click starts so), and how long a
   * count-in lasts at the tempo now (0 without one); null without a beat grid.
   */
  get clickState(): { on: boolean; countIn: Seconds; countInEachPass: boolean } | null {
    return this.practice.clickState(this.tempo);
  }

  /** Stops playback and releases every node and decoded buffer. The engine is unusable after. */
  override dispose(): void {
    if (this.graph.disposed) return;
    super.dispose();
    this.practice.dispose();
    this.graph.dispose();
  }
}
