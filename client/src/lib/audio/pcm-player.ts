import { PCM_PLAYER, registerPcmPlayer } from './pcm-player-processor';
import type { StemSchedule } from './source-schedule';

/** Speaks the stretch library's message shape, so a test's probe reads both players alike. */
export interface PcmPlayerNode extends AudioWorkletNode {
  schedule(change: StemSchedule): Promise<unknown>;
  setBuffers(channels: Float32Array[], transfer: Transferable[]): Promise<unknown>;
  dropBuffers(): Promise<unknown>;
  stop(when?: number): Promise<unknown>;
}

let moduleUrl: string | null = null;
const modules = new WeakMap<BaseAudioContext, Promise<void>>();

function addPcmPlayerModule(context: BaseAudioContext): Promise<void> {
  moduleUrl ??= URL.createObjectURL(new Blob([`(${registerPcmPlayer.toString()})(${JSON.stringify(PCM_PLAYER)});`], { type: 'text/javascript' }));
  let added = modules.get(context);
  if (!added) {
    added = context.audioWorklet.addModule(moduleUrl);
    modules.set(context, added);
  }
  return added;
}

export async function createPcmPlayer(context: BaseAudioContext, channelCount: number): Promise<PcmPlayerNode> {
  await addPcmPlayerModule(context);
  const node = new AudioWorkletNode(context, PCM_PLAYER, { numberOfInputs: 0, numberOfOutputs: 1, outputChannelCount: [channelCount] });
  const answers = new Map<number, (value: unknown) => void>();
  let nextId = 0;
  node.port.onmessage = (event: MessageEvent) => {
    const [id, value] = event.data as [unknown, unknown];
    const answer = typeof id === 'number' ? answers.get(id) : undefined;
    if (!answer) return; // a position report: ['time', seconds]
    answers.delete(id as number);
    answer(value);
  };
  const call = (transfer: Transferable[], method: string, ...args: unknown[]) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      answers.set(id, resolve);
      node.port.postMessage([id, method, ...args], transfer);
    });
  return Object.assign(node, {
    schedule: (change: StemSchedule) => call([], 'schedule', change),
    setBuffers: (channels: Float32Array[], transfer: Transferable[]) => call(transfer, 'setBuffers', channels),
    dropBuffers: () => call([], 'dropBuffers'),
    stop: (when?: number) => call([], 'schedule', { active: false, output: when ?? context.currentTime }),
  });
}
