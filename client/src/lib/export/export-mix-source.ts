import type { ReactNode } from 'react';

/** The engine's render settings (StemEngine#renderMix). */
export interface ExportMixSettings {
  gains: Readonly<Record<string, number>>;
  tempo: number;
  transpose: number;
  loop: { start: number; end: number; passes: number } | null;
  /** Mix in the count-in and click as the player has them set. */
  includeClick?: boolean;
}

/** What the player hands the export (decision 0033); here so neither feature imports the other. */
export interface ExportMixSource {
  title: string;
  duration: number;
  sampleRate: number;
  loadedStemIds: readonly string[];
  gains: Readonly<Record<string, number>>;
  tempo: number;
  transpose: number;
  loop: { start: number; end: number } | null;
  /** The click and count-in as set now; null when the song has no beat grid. */
  click: { on: boolean; countIn: number; countInEachPass: boolean } | null;
  render: (settings: ExportMixSettings, onProgress?: (fraction: number) => void, signal?: AbortSignal) => Promise<AudioBuffer>;
}

/** How the app layer puts the export into the player's header, reading the mix when it opens. */
export type ExportAction = (currentMix: () => ExportMixSource) => ReactNode;
