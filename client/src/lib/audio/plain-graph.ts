import { copiesToTransfer, stereoChannels } from './pcm-buffer';
import { createPcmPlayer } from './pcm-player';
import type { PcmPlayerNode } from './pcm-player';
import type { StemGroup } from './source-schedule';
import { connectStemOutputs } from './stem-outputs';
import type { StretchStem } from './stretch-graph';
import { stretchGroupsOf } from './stretch-groups';

export type PlainGroup = StemGroup<PcmPlayerNode>;

/** The song's plain players, grouped and wired as the stretch nodes are, at the song's own tempo and pitch. */
export async function buildPlainGraph(context: BaseAudioContext, stems: readonly StretchStem[], connectStem: (id: string, output: AudioNode) => void): Promise<PlainGroup[]> {
  return Promise.all(
    stretchGroupsOf(stems).map(async (members) => {
      const node = await createPcmPlayer(context, members.length * 2);
      node.onprocessorerror = reportPlayerError;
      const length = Math.max(...members.map((stem) => stem.buffer.length));
      const channels = members.flatMap((stem) => stereoChannels(stem.buffer, length));
      await node.setBuffers(channels, copiesToTransfer(channels));
      const stemIds = members.map((stem) => stem.id);
      connectStemOutputs(context, node, stemIds, connectStem);
      return { node, drums: members[0]!.drums, stemIds };
    }),
  );
}

// Module-level, so it keeps no stems alive (as in stretch-graph.ts).
function reportPlayerError(event: Event): void {
  console.error('The stem player failed; its stems are silent', (event as ErrorEvent).message);
}
