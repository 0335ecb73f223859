/** Instrument groups of spec 000 section 3, in display order; other stems keep their own name. Server and client group stems by this one list. */
export const instrumentGroups = ['Drums', 'Bass', 'Guitar', 'Keys', 'Vocals', 'FX'] as const;
export type InstrumentGroup = (typeof instrumentGroups)[number];

// Checked in this order, so "kick bass" is Drums and "synth bass" is Bass (not Keys).
const matches: ReadonlyArray<readonly [InstrumentGroup, readonly string[]]> = [
  ['Drums', ['kick', 'drums', 'percussion', 'snare', 'tom', 'cymbal']],
  ['Bass', ['bass']],
  ['Guitar', ['guitar']],
  ['Keys', ['keyboard', 'keys', 'piano', 'synth']],
  ['Vocals', ['vocal']],
  ['FX', ['fx', 'effect']],
];

/** The stem's name: its file name without the extension. */
export function stemName(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

/** The instrument a stem belongs to, by the spec's name match (case-insensitive); else its own name. */
export function instrumentOf(name: string): string {
  const lower = name.toLowerCase();
  for (const [group, words] of matches) {
    if (words.some((word) => lower.includes(word))) return group;
  }
  return name;
}

