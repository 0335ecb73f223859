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

export interface StretchStem {
  id: string;
  buffer: PcmBuffer;
  /** Drums play through their own node, never transposed. */
  drums: boolean;
}

export type StretchGroup = StemGroup<StretchNode>;

/** Two nodes, pitched and drums: the library's cost is per node, and one time map keeps a group aligned. */
export async function buildStretchGraph(
  context: BaseAudioContext,
  stems: readonly StretchStem[],
  connectStem: (id: string, output: AudioNode) => void,
): Promise<StretchGroup[]> {
  return Promise.all(
    stretchGroupsOf(stems).map(async (members) => {
      const channelCount = members.length * 2;
      // One unconnected input: with none, the worklet throws and stays silent for good.
      const node = await SignalsmithStretch(context, { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [channelCount] });
      node.onprocessorerror = reportProcessorError;
      // The cheaper preset: a shorter block, less CPU than the default (decision 0032).
      await node.configure({ blockMs: null, preset: 'cheaper' });
      const length = Math.max(...members.map((stem) => stem.buffer.length));
      const channels = members.flatMap((stem) => stereoChannels(stem.buffer, length));
      await node.addBuffers(channels, copiesToTransfer(channels));
      connectStemOutputs(context, node, members.map((stem) => stem.id), connectStem);
      return { node, drums: members[0]!.drums, stemIds: members.map((stem) => stem.id) };
    }),
  );
}

// Module-level: a closure would keep the build's scope, and every stem's samples, alive with the node.
function reportProcessorError(event: Event): void {
  console.error('The time-stretch processor failed; its stems are silent', (event as ErrorEvent).message);
}
