import type { ChordInstrument } from '../../../../events/catalog';

export const CHORD_INSTRUMENT_ORDER: readonly ChordInstrument[] = ['master', 'guitar', 'bass', 'keys'];

const labels: Record<ChordInstrument, string> = { master: 'Master', guitar: 'Guitar', bass: 'Bass', keys: 'Keys' };

export function chordInstrumentChoices(available: readonly string[]): ChordInstrument[] {
  return CHORD_INSTRUMENT_ORDER.filter((instrument) => available.includes(instrument));
}

export function chordInstrumentLabel(instrument: ChordInstrument): string {
  return labels[instrument];
}

/** The preferred instrument's chords if the song has them (spec 000, 5), else master, else the first; null without any chart (file or detected). */
export function chordInstrumentFor(preference: ChordInstrument | undefined, available: readonly string[]): string | null {
  if (preference !== undefined && available.includes(preference)) return preference;
  const choices = chordInstrumentChoices(available);
  return choices[0] ?? available[0] ?? null;
}
