import type { ReactNode } from 'react';

/** The engine's render settings (StemEngine#renderMix). */
export interface ExportMixSettings {
  gains: Readonly<Record<string, number>>;
  tempo: number;
  transpose: number;
  loop: { start: number; end: number; passes: number } | null;
  /** Mix in the count-in and click as the player has them set. */
  includeClick?: boolean;
  /** Mix in a recorded take at its strip's gain; null or absent: the band alone. */
  take?: { id: string; gain: number } | null;
}

/** A take the export can mix in: recorded at the tempo and transpose set now, its audio on this device. */
export interface ExportTakeChoice {
  id: string;
  name: string;
  /** Its strip's volume, 0 when muted (or silenced by a soloed stem). */
  gain: number;
  /** Its strip is soloed: the band is silent while it plays, so in the export too. */
  soloed: boolean;
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
  /** The takes that can be mixed in now, newest first; the one playing along first chosen. */
  takes: readonly ExportTakeChoice[];
  /** The take playing along as a strip now, if it is one of `takes`. */
  loadedTakeId: string | null;
  render: (settings: ExportMixSettings, onProgress?: (fraction: number) => void, signal?: AbortSignal) => Promise<AudioBuffer>;
}

/** How the app layer puts the export into the player's header, reading the mix when it opens. */
export type ExportAction = (currentMix: () => ExportMixSource) => ReactNode;
