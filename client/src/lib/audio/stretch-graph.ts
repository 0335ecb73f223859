import SignalsmithStretch from 'signalsmith-stretch';
import type { StretchNode } from 'signalsmith-stretch';
import { type PcmBuffer, copiesToTransfer, stereoChannels } from './pcm-buffer';
import type { StemGroup } from './source-schedule';
import { connectStemOutputs } from './stem-outputs';
import { stretchGroupsOf } from './stretch-groups';

export type { StretchNode } from 'signalsmith-stretch';
export type { StretchSettings } from './source-schedule';
// The practice bench schedules the graph it builds from this module.
export { scheduleGroups } from './source-schedule';

/** A decoded stem as the stretch graph takes it. */
export interface StretchStem {
  id: string;
  buffer: PcmBuffer;
  /** Drums play through their own node that is never transposed. */
  drums: boolean;
}

/** One stretch node and the stems whose channels it carries (two channels per stem). */
export type StretchGroup = StemGroup<StretchNode>;

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
      connectStemOutputs(context, node, members.map((stem) => stem.id), connectStem);
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
