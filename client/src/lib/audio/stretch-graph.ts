import SignalsmithStretch from 'signalsmith-stretch';
import type { StretchNode, StretchSchedule } from 'signalsmith-stretch';
import { type PcmBuffer, copiesToTransfer, isShared } from './pcm-buffer';
import { stretchGroupsOf } from './stretch-groups';
import type { Seconds } from './units';

export type { StretchNode } from 'signalsmith-stretch';

/** A decoded stem as the stretch graph takes it. */
export interface StretchStem {
  id: string;
  buffer: PcmBuffer;
  /** Drums play through their own node that is never transposed. */
  drums: boolean;
}

/** One stretch node and the stems whose channels it carries (two channels per stem). */
export interface StretchGroup {
  node: StretchNode;
  drums: boolean;
  stemIds: string[];
}

/** Tempo, transpose and loop as every node of the graph is scheduled with them. */
export interface StretchSettings {
  rate: number;
  semitones: number;
  loop: { start: Seconds; end: Seconds } | null;
}

/**
 * Builds the stretch nodes of a song on `context` (live or offline): one node for all pitched stems
 * and one for the drums (more if a group passes the channel limit), each stem's two channels split
 * off again into `connectStem(id, output)`, so each stem keeps its own gain and meter. One node per
 * group, not per stem: the library's cost is mostly per node and block, and one time map per group
 * keeps its stems sample-aligned by construction.
 */
export async function buildStretchGraph(
  context: BaseAudioContext,
  stems: readonly StretchStem[],
  connectStem: (id: string, output: AudioNode) => void,
): Promise<StretchGroup[]> {
  return Promise.all(
    stretchGroupsOf(stems).map(async (members) => {
      const channelCount = members.length * 2;
      // One (unconnected) input: the worklet reads inputList[0].length even while inactive, and with
      // no input at all it throws and the node stays silent for good.
      const node = await SignalsmithStretch(context, { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [channelCount] });
      node.onprocessorerror = reportProcessorError;
      // The cheaper preset: a shorter block, about half the CPU of the default (docs/decisions/0032).
      await node.configure({ blockMs: null, preset: 'cheaper' });
      const length = Math.max(...members.map((stem) => stem.buffer.length));
      const channels = members.flatMap((stem) => stereoChannels(stem.buffer, length));
      // Shared memory goes over as it is (the worklet reads the engine's own samples); copies are
      // transferred, so the worklet owns them. A mono stem's one array is sent once for both sides.
      await node.addBuffers(channels, copiesToTransfer(channels));
      const splitter = context.createChannelSplitter(channelCount);
      node.connect(splitter);
      members.forEach((stem, index) => {
        const merger = context.createChannelMerger(2);
        splitter.connect(merger, index * 2, 0);
        splitter.connect(merger, index * 2 + 1, 1);
        connectStem(stem.id, merger);
      });
      return { node, drums: members[0]!.drums, stemIds: members.map((stem) => stem.id) };
    }),
  );
}

// Module-level, not a closure: a handler made in `buildStretchGraph` would keep that call's scope,
// and with it every stem's samples, alive for as long as the node is (bench:client found each song
// loaded and let go still held this way).
function reportProcessorError(event: Event): void {
  console.error('The time-stretch processor failed; its stems are silent', (event as ErrorEvent).message);
}

/**
 * Schedules every node of the graph with one change heard at audio-clock time `output`, playing
 * from song position `input`: the same output time, input and rate for all, semitones 0 for drums.
 * `keepPending` keeps changes scheduled before `output` (a pass boundary scheduled ahead).
 */
export function scheduleGroups(
  groups: readonly StretchGroup[],
  change: { output: Seconds; input: Seconds; active: boolean } & StretchSettings,
  keepPending = false,
): Promise<unknown> {
  return Promise.all(
    groups.map((group) => {
      const schedule: StretchSchedule = {
        output: change.output,
        input: change.input,
        active: change.active,
        rate: change.rate,
        semitones: group.drums ? 0 : change.semitones,
        loopStart: change.loop?.start ?? 0,
        loopEnd: change.loop?.end ?? 0,
      };
      if (keepPending) schedule.outputTime = change.output;
      return group.node.schedule(schedule);
    }),
  );
}

/**
 * The stem's two channels, `length` samples each: its own shared arrays when it has them at that
 * length (a mono stem's one array for both sides), else fresh copies (mono doubled, the tail silent).
 */
function stereoChannels(buffer: PcmBuffer, length: number): Float32Array[] {
  return [0, 1].map((channel) => {
    const source = buffer.getChannelData(Math.min(channel, buffer.numberOfChannels - 1));
    if (isShared(source) && source.length === length) return source;
    const samples = new Float32Array(length);
    samples.set(source.subarray(0, length));
    return samples;
  });
}
