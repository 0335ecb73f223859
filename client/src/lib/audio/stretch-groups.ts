// The stems of each stretch node, apart from the nodes themselves (stretch-graph.ts), so the
// export's lanes (export-lanes.ts) can use it without loading the stretch package.

/**
 * Chromium allows 32 channels per AudioWorkletNode output; a group of more stems than this is split
 * into several nodes, each scheduled identically, so the stems stay aligned all the same.
 */
export const MAX_STEMS_PER_NODE = 16;

/**
 * The stems of each stretch node: the pitched stems, then the drums, each in nodes of at most
 * MAX_STEMS_PER_NODE stems. The export's lanes start from the same groups (export-lanes.ts).
 */
export function stretchGroupsOf<Stem extends { drums: boolean }>(stems: readonly Stem[]): Stem[][] {
  const groups: Stem[][] = [];
  for (const drums of [false, true]) {
    const members = stems.filter((stem) => stem.drums === drums);
    for (let index = 0; index < members.length; index += MAX_STEMS_PER_NODE) groups.push(members.slice(index, index + MAX_STEMS_PER_NODE));
  }
  return groups;
}

