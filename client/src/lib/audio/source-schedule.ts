import type { StretchSchedule } from 'signalsmith-stretch';
import type { Seconds } from './units';

/**
 * One change of a stem node's time map, as signalsmith-stretch's `schedule` and the plain player take it. Without
 * `outputTime`: it drops the playing segment, so the engine never sets it (decision 0071).
 */
export type StemSchedule = Omit<StretchSchedule, 'outputTime'>;

export interface ScheduledNode extends AudioNode {
  schedule(change: StemSchedule): Promise<unknown>;
  dropBuffers(): Promise<unknown>;
  stop(when?: number): Promise<unknown>;
}

/** Two channels per stem. */
export interface StemGroup<Node extends ScheduledNode = ScheduledNode> {
  node: Node;
  drums: boolean;
  stemIds: string[];
}

export interface StretchSettings {
  rate: number;
  semitones: number;
  loop: { start: Seconds; end: Seconds } | null;
}

/** One change of every stem node's time map: heard at `output`, from song position `input`. */
export type SourceChange = { output: Seconds; input: Seconds; active: boolean } & StretchSettings;

/** Whether these settings need the stretch nodes: a tempo other than 1, or a transpose (decision 0041). */
export function needsStretch(settings: Pick<StretchSettings, 'rate' | 'semitones'>): boolean {
  return settings.rate !== 1 || settings.semitones !== 0;
}

/** One change on every node of `groups` (drums untransposed), replacing the changes pending on them. */
export function scheduleGroups(groups: readonly StemGroup[], change: SourceChange): Promise<unknown> {
  const { output, input, active, rate, semitones, loop } = change;
  const loopPoints = { loopStart: loop?.start ?? 0, loopEnd: loop?.end ?? 0 };
  return Promise.all(groups.map((group) => group.node.schedule({ output, input, active, rate, semitones: group.drums ? 0 : semitones, ...loopPoints })));
}
