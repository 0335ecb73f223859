// Apart from stretch-graph.ts, so the export's lanes need not load the stretch package.

/** Chromium allows 32 channels per AudioWorkletNode output: a larger group is split. */
const MAX_STEMS_PER_NODE = 16;

export function stretchGroupsOf<Stem extends { drums: boolean }>(stems: readonly Stem[]): Stem[][] {
  const groups: Stem[][] = [];
  for (const drums of [false, true]) {
    const members = stems.filter((stem) => stem.drums === drums);
    for (let index = 0; index < members.length; index += MAX_STEMS_PER_NODE) groups.push(members.slice(index, index + MAX_STEMS_PER_NODE));
  }
  return groups;
}

