import type { ReactNode } from 'react';

/** The engine's render settings (StemEngine#renderMix): what the user hears, as numbers. */
export interface ExportMixSettings {
  gains: Readonly<Record<string, number>>;
  tempo: number;
  transpose: number;
  loop: { start: number; end: number; passes: number } | null;
  /** Mix in the count-in and click as the player has them set (the dialog's Include click). */
  includeClick?: boolean;
}

/**
 * What the player hands the export (decision 0033): the loaded song, the mix as the user hears it
 * now, and the engine's offline render of stems already decoded (no stream, nothing billed). The
 * player feature fills it in; the export feature, which the app layer passes to the player, reads
 * it, so neither feature imports the other.
 */
export interface ExportMixSource {
  title: string;
  /** The song's length in song seconds. */
  duration: number;
  sampleRate: number;
  /** The stems the engine decoded, in load order. */
  loadedStemIds: readonly string[];
  /** Each stem's effective gain from the mixer (volume, 0 when muted or soloed out). */
  gains: Readonly<Record<string, number>>;
  /** Playback rate (1 = the song's tempo) and semitones, as the player has them now. */
  tempo: number;
  transpose: number;
  /** The A-B loop the player has set, in song seconds, or null. */
  loop: { start: number; end: number } | null;
  /**
   * Whether the click or a count-in is on now, the count-in's seconds at the tempo now (0 for none)
   * and whether it comes before each pass of the loop; null when the song has no beat grid.
   */
  click: { on: boolean; countIn: number; countInEachPass: boolean } | null;
  /** Aborting `signal` stops the render (its workers) and rejects with the abort reason. */
  render: (settings: ExportMixSettings, onProgress?: (fraction: number) => void, signal?: AbortSignal) => Promise<AudioBuffer>;
}

/**
 * How the app layer puts the export into the player's header: the player calls it with a function
 * that reads the mix as it is at that moment (the export takes it when its dialog opens).
 */
export type ExportAction = (currentMix: () => ExportMixSource) => ReactNode;
