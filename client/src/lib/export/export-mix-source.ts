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

/** What the player hands the export (decision 0033): the song, the mix as heard, and an offline render of the decoded stems; neither feature imports the other. */
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
  /** The click and count-in now (count-in seconds at the current tempo, 0 for none); null without a beat grid. */
  click: { on: boolean; countIn: number; countInEachPass: boolean } | null;
  /** Aborting `signal` stops the render (its workers) and rejects with the abort reason. */
  render: (settings: ExportMixSettings, onProgress?: (fraction: number) => void, signal?: AbortSignal) => Promise<AudioBuffer>;
}

/** How the app layer puts the export into the player's header; `currentMix` reads the mix when the dialog opens. */
export type ExportAction = (currentMix: () => ExportMixSource) => ReactNode;
