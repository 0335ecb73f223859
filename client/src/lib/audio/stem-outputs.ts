/** One stereo output per stem, so each stem keeps its own gain and meter. */
export function connectStemOutputs(context: BaseAudioContext, node: AudioNode, stemIds: readonly string[], connectStem: (id: string, output: AudioNode) => void): void {
  const splitter = context.createChannelSplitter(stemIds.length * 2);
  node.connect(splitter);
  stemIds.forEach((id, index) => {
    const merger = context.createChannelMerger(2);
    splitter.connect(merger, index * 2, 0);
    splitter.connect(merger, index * 2 + 1, 1);
    connectStem(id, merger);
  });
}
