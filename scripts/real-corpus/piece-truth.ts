/** The ground truth of one piece, written outside the songs directory so the library does not ship its answers. */
import type { ChordSpan } from './chord-spans';
import type { AudioFormat } from './stem-formats';
import type { StemPart } from './stem-parts';
import type { KeyChange, MetreChange, TempoChange } from './tempo-map';

/** `chart`: the chords written in the chart MMA compiled (exact); `notes`: read back from the MIDI notes per beat (approximate). */
export type ChordTruthKind = 'chart' | 'notes';

export interface StemTruth {
  file: string;
  part: StemPart;
  /** MIDI channels (1-16) and General MIDI programs (0-based) the stem plays. */
  midiChannels: number[];
  programs: number[];
  notes: number;
  format: AudioFormat;
  sampleRate: number;
  channels: 1 | 2;
  tags: boolean;
  cover: boolean;
  /** When the stem's first note starts by the MIDI file, and when its render first sounds. */
  firstNoteSeconds: number;
  firstSoundSeconds: number | null;
}

export interface PieceTruth {
  slug: string;
  /** The song folder's name under `songs/`. */
  folder: string;
  title: string;
  composer: string;
  genre: string;
  style: string;
  source: { package: string; version: string; file: string; licence: string; copyrightFile: string };
  /** Set when only the first seconds of the piece are used. */
  excerptSeconds: number | null;
  /** Every stem's length: the full render's, the last notes' release included. */
  durationSeconds: number;
  /** Where the MIDI file ends (its last event). */
  musicEndSeconds: number;
  /** The tempo that lasts longest; every change is in `tempos`. */
  bpm: number;
  tempos: TempoChange[];
  metres: MetreChange[];
  /** The key the file's key signature states, or null when it states none. */
  key: string | null;
  keys: KeyChange[];
  keySignatureDoubtful: boolean;
  chordTruth: ChordTruthKind;
  /** Chords in seconds; `majmin` reduces each to a major or minor triad (N for none). */
  chords: (ChordSpan & { majmin: string })[];
  beats: number;
  /**
   * Charts only: the share of charted beats on which chords read back from the notes (the "notes"
   * method) give the chart's major/minor chord; how approximate "notes" truth is, measured.
   */
  notesAgreeWithChart: number | null;
  formatProfile: string;
  stems: StemTruth[];
  stemSum: { residualDb: number; gain: number; fullPeakDb: number };
}
