import { stretchGroupsOf } from './stretch-groups';

/** Pitched stems go one by one to the lane with the fewest channels, ties to the first, so lanes repeat. */
export function exportLanes<Stem extends { drums: boolean; channels: number }>(stems: readonly Stem[], workers: number): Stem[][][] {
  const count = Math.max(1, Math.min(Math.floor(workers), stems.length));
  if (stems.length === 0) return [];
  if (count === 1) return [stretchGroupsOf(stems)];
  const loads = Array.from({ length: count }, () => 0);
  const drums: Stem[][][] = Array.from({ length: count }, () => []);
  const pitched: Stem[][] = Array.from({ length: count }, () => []);
  const lightest = () => loads.indexOf(Math.min(...loads));
  for (const group of stretchGroupsOf(stems.filter((stem) => stem.drums))) {
    const lane = lightest();
    drums[lane]!.push(group);
    loads[lane]! += group.reduce((sum, stem) => sum + stem.channels, 0);
  }
  for (const stem of stems.filter((member) => !member.drums)) {
    const lane = lightest();
    pitched[lane]!.push(stem);
    loads[lane]! += stem.channels;
  }
  return pitched.map((members, lane) => [...stretchGroupsOf(members), ...drums[lane]!]).filter((lane) => lane.length > 0);
}
