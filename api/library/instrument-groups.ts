import { instrumentGroups } from '../../contract/instrument-groups';

export { instrumentOf, stemName } from '../../contract/instrument-groups';

/** Sort key: the groups in display order, then everything else, by name within each. */
export function compareByInstrument(a: { name: string; instrument: string }, b: { name: string; instrument: string }): number {
  const rank = (instrument: string) => {
    const index = (instrumentGroups as readonly string[]).indexOf(instrument);
    return index === -1 ? instrumentGroups.length : index;
  };
  return rank(a.instrument) - rank(b.instrument) || a.name.localeCompare(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
