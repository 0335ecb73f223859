import { instrumentGroups, instrumentOf } from '../../../../contract/instrument-groups';
import type { InstrumentGroup as InstrumentGroupName } from '../../../../contract/instrument-groups';

export { instrumentGroups };
export type { InstrumentGroupName };

/** A stem's group by name (case-insensitive), else its own name (spec 000, 3). */
export const instrumentGroupOf = instrumentOf;

export interface InstrumentGroup<Stem> {
  name: string;
  stems: Stem[];
}

export function groupStems<Stem extends { name: string }>(stems: readonly Stem[]): InstrumentGroup<Stem>[] {
  const groups = new Map<string, Stem[]>();
  for (const stem of stems) {
    const name = instrumentGroupOf(stem.name);
    groups.set(name, [...(groups.get(name) ?? []), stem]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareGroupNames(a, b))
    .map(([name, members]) => ({ name, stems: members }));
}

export function compareGroupNames(a: string, b: string): number {
  const rank = (name: string) => {
    const index = (instrumentGroups as readonly string[]).indexOf(name);
    return index === -1 ? instrumentGroups.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}
