import { PCM_PLAYER, registerPcmPlayer } from './pcm-player-processor';
import type { StemSchedule } from './source-schedule';

/**
 * A plain stem player on the audio graph (see pcm-player-processor.ts): an AudioWorkletNode with
 * the stretch node's `schedule` and `dropBuffers`, spoken over its port in the stretch library's
 * own message shape (`[id, method, ...arguments]`, answered `[id, result]`), so a test's probe of
 * the port reads both kinds of node alike.
 */
export interface PcmPlayerNode extends AudioWorkletNode {
  schedule(change: StemSchedule): Promise<unknown>;
  /** One array per output channel (a mono stem's one array may stand for both sides). */
  setBuffers(channels: Float32Array[], transfer: Transferable[]): Promise<unknown>;
  dropBuffers(): Promise<unknown>;
  stop(when?: number): Promise<unknown>;
}

/** The processor's source text, once per page: the function's own text, called with its name. */
let moduleUrl: string | null = null;
/** addModule once per context (a context keeps the modules added to it). */
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

/** A plain player of `channelCount` output channels on `context`, silent until scheduled. */
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
