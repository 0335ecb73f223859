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

interface StemEngineOptions extends StemGraphOptions {
  /** Called when playback reaches the end of the song on its own. */
  onEnded?: () => void;
}

/** One song's playback; positions are song seconds. Using it after `dispose()` throws. */
export class StemEngine extends StemTransport {
  private constructor(graph: StemGraph, onEnded: (() => void) | undefined) {
    super(graph, new PracticeTools(graph.context), onEnded);
  }

  static async load(sources: readonly StemSource[], options: StemEngineOptions = {}): Promise<StemEngine> {
    return new StemEngine(await StemGraph.load(sources, options), options.onEnded);
  }

  /** Called when tempo or transpose is first touched: building takes longer than CHANGE_LOOKAHEAD. */
  prepareStretch(): Promise<void> {
    this.graph.assertLive();
    return this.graph.prepareStretch();
  }

  /** The speed trainer: each pass of the loop `step` faster up to the target; null turns it off. */
  setSpeedTrainer(trainer: SpeedTrainer | null): Promise<unknown> {
    this.graph.assertLive();
    const startTempo = this.practice.setTrainer(trainer);
    if (startTempo === null) return Promise.resolve();
    this.prepareStretch().catch(reportStretchBuildError);
    return this.setTempo(startTempo);
  }

  /** The mix rendered offline; `includeClick` adds the count-in and click as set now. */
  renderMix(settings: Omit<MixSettings, 'click'> & { includeClick?: boolean }, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioBuffer> {
    this.graph.assertLive();
    const { includeClick, ...mix } = settings;
    return this.graph.renderMix({ ...mix, click: includeClick ? this.practice.mixClick() : null }, onProgress, signal);
  }

  /** Whether the click or a count-in is on, and the count-in's length now; null without a beat grid. */
  get clickState(): { on: boolean; countIn: Seconds; countInEachPass: boolean } | null {
    return this.practice.clickState(this.tempo);
  }

  override dispose(): void {
    if (this.graph.disposed) return;
    super.dispose();
    this.practice.dispose();
    this.graph.dispose();
  }
}
