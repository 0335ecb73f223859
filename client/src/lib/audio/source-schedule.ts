import type { Seconds } from './units';

/**
 * One scheduled change of a stem node's time map, as signalsmith-stretch's `schedule` takes it
 * and the plain player (pcm-player-processor.ts) takes it too.
 */
export interface StemSchedule {
  /** Audio-clock time the change is heard at. */
  output?: number;
  /** Where in the stems playback is at `output`, in seconds. */
  input?: number;
  rate?: number;
  semitones?: number;
  active?: boolean;
  /** Equal values disable looping. */
  loopStart?: number;
  loopEnd?: number;
  /** Changes scheduled at or after this audio-clock time are replaced (default: now, all pending). */
  outputTime?: number;
}

/** A node that plays a group of stems on a schedule: a stretch node or a plain player. */
export interface ScheduledNode extends AudioNode {
  schedule(change: StemSchedule): Promise<unknown>;
  dropBuffers(): Promise<unknown>;
  stop(when?: number): Promise<unknown>;
}

/** One node and the stems whose channels it carries (two channels per stem). */
export interface StemGroup<Node extends ScheduledNode = ScheduledNode> {
  node: Node;
  drums: boolean;
  stemIds: string[];
}

/** Tempo, transpose and loop as every node of the graph is scheduled with them. */
export interface StretchSettings {
  rate: number;
  semitones: number;
  loop: { start: Seconds; end: Seconds } | null;
}

/** One change of every stem node's time map: heard at `output`, from song position `input`. */
export type SourceChange = { output: Seconds; input: Seconds; active: boolean } & StretchSettings;

/**
 * Whether these settings need the stretch nodes: any tempo but the song's own, or a transpose.
 * At 1x and no transpose the plain players play the stems as they are (decision 0041).
 */
export function needsStretch(settings: Pick<StretchSettings, 'rate' | 'semitones'>): boolean {
  return settings.rate !== 1 || settings.semitones !== 0;
}

/**
 * Schedules every node of `groups` with one change heard at audio-clock time `output`, playing
 * from song position `input`: the same output time, input and rate for all, semitones 0 for drums.
 * It replaces the changes still pending on them.
 */
export function scheduleGroups(groups: readonly StemGroup[], change: SourceChange): Promise<unknown> {
  return Promise.all(
    groups.map((group) => {
      const schedule: StemSchedule = {
        output: change.output,
        input: change.input,
        active: change.active,
        rate: change.rate,
        semitones: group.drums ? 0 : change.semitones,
        loopStart: change.loop?.start ?? 0,
        loopEnd: change.loop?.end ?? 0,
      };
      return group.node.schedule(schedule);
    }),
  );
}
