import type { Page } from 'playwright-core';

/** One `schedule` call of a stretch node as the engine sent it, and the audio clock when it was sent. */
export interface StretchScheduleSent {
  sentAt: number;
  /** The audio clock as first read in the script run that sent this schedule (the engine times from it); under load `sentAt` lies later. */
  clockRead: number;
  output: number;
  input: number;
  active: boolean;
  rate: number;
  semitones: number;
}

/** client/src/lib/audio/pcm-player-processor.ts: PCM_PLAYER (e2e cannot import client sources). Any other worklet node is a stretch node. */
const PCM_PLAYER = 'woodshed-pcm-player';

/** What the probe saw of one stem node (stretch or plain: decision 0041). */
export interface StretchNodeSeen {
  kind: 'plain' | 'stretch';
  schedules: StretchScheduleSent[];
  /** The worklet's playback position in the stems (song seconds), with the audio clock when it arrived. */
  times: { at: number; input: number }[];
}

/** A buffer source the page started: its start time on the audio clock and its buffer's length. */
export interface SourceStarted {
  when: number;
  length: number;
}

interface ProbeWindow {
  stretchNodes: StretchNodeSeen[];
  /** The audio context of each node in stretchNodes, by index. */
  nodeContexts: BaseAudioContext[];
  startedSources: SourceStarted[];
}

/**
 * Before the page's scripts run, records every `schedule` sent to and `time` reported by the engine's
 * stem worklet nodes, and every AudioBufferSourceNode started (clicks): what the audio thread was told.
 */
export async function installStretchProbe(page: Page): Promise<void> {
  await page.addInitScript((plainName) => {
    const probe = window as unknown as ProbeWindow;
    probe.stretchNodes = [];
    probe.nodeContexts = [];
    probe.startedSources = [];
    // The first reading of any audio clock in the current run of script, forgotten once it ends.
    let firstRead: number | undefined;
    const clock = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'currentTime')!;
    Object.defineProperty(BaseAudioContext.prototype, 'currentTime', {
      ...clock,
      get(this: BaseAudioContext) {
        const now = clock.get!.call(this) as number;
        if (firstRead === undefined) {
          firstRead = now;
          queueMicrotask(() => {
            firstRead = undefined;
          });
        }
        return now;
      },
    });
    const NativeNode = window.AudioWorkletNode;
    window.AudioWorkletNode = class extends NativeNode {
      constructor(context: BaseAudioContext, name: string, options?: AudioWorkletNodeOptions) {
        super(context, name, options);
        const seen: StretchNodeSeen = { kind: name === plainName ? 'plain' : 'stretch', schedules: [], times: [] };
        probe.stretchNodes.push(seen);
        probe.nodeContexts.push(context);
        const port = this.port;
        const post = port.postMessage.bind(port) as (message: unknown, transfer?: Transferable[]) => void;
        // The library calls its worklet's methods as [id, method, ...arguments].
        port.postMessage = ((message: unknown, transfer?: Transferable[]) => {
          if (Array.isArray(message) && message[1] === 'schedule') {
            const schedule = message[2] as Omit<StretchScheduleSent, 'sentAt' | 'clockRead'>;
            const sentAt = context.currentTime;
            seen.schedules.push({ sentAt, clockRead: firstRead ?? sentAt, output: schedule.output, input: schedule.input, active: schedule.active, rate: schedule.rate, semitones: schedule.semitones });
          }
          post(message, transfer);
        }) as typeof port.postMessage;
        port.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as unknown[];
          if (Array.isArray(data) && data[0] === 'time') seen.times.push({ at: context.currentTime, input: data[1] as number });
        });
      }
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, when?: number, offset?: number, duration?: number) {
      probe.startedSources.push({ when: when ?? 0, length: this.buffer?.duration ?? 0 });
      return start.call(this, when, offset, duration);
    };
  }, PCM_PLAYER);
}

/** The stretch nodes that were scheduled (the engine's: pitched stems first, then drums), as seen so far. */
export async function stretchNodesSeen(page: Page): Promise<StretchNodeSeen[]> {
  return (await stemNodesSeen(page)).filter((node) => node.kind === 'stretch');
}

/** Every stem node that was scheduled, of either kind, in the order they were made. */
export async function stemNodesSeen(page: Page): Promise<StretchNodeSeen[]> {
  return page.evaluate(() => (window as unknown as ProbeWindow).stretchNodes.filter((node) => node.schedules.length > 0));
}

/** How many stem nodes of each kind the page has made so far, scheduled or not. */
export async function stemNodesMade(page: Page): Promise<{ plain: number; stretch: number }> {
  return page.evaluate(() => {
    const nodes = (window as unknown as ProbeWindow).stretchNodes;
    return { plain: nodes.filter((node) => node.kind === 'plain').length, stretch: nodes.filter((node) => node.kind === 'stretch').length };
  });
}

/** The state of the audio context of every stem node made so far ('closed' once its song is let go). */
export async function stemNodeContextStates(page: Page): Promise<AudioContextState[]> {
  return page.evaluate(() => (window as unknown as ProbeWindow).nodeContexts.map((context) => (context as AudioContext).state));
}

export async function sourcesStarted(page: Page): Promise<SourceStarted[]> {
  return page.evaluate(() => (window as unknown as ProbeWindow).startedSources);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The render quantum: a worklet counts its report interval down by this many frames at a time. */
const RENDER_QUANTUM = 128;

/** The least-squares slope of `value` over `clock`. */
function slope(points: readonly { clock: number; value: number }[]): number {
  const meanClock = points.reduce((sum, point) => sum + point.clock, 0) / points.length;
  const meanValue = points.reduce((sum, point) => sum + point.value, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.clock - meanClock) * (point.value - meanValue);
    variance += (point.clock - meanClock) ** 2;
  }
  return covariance / variance;
}

/**
 * How fast the song moves over `seconds`: `shown` is the seek bar per audio-clock second; `heard` is the
 * median step between the `kind` node's position reports (every 0.1 s of audio, rounded up to render
 * quanta), so late delivery to the page does not enter it, and the median skips a schedule restart.
 *
 * The seek bar is watched from inside the page: each time its value changes, the audio clock is read
 * at once, and `shown` is the slope through those points. Reading it from outside at the two ends
 * instead adds, under a loaded CPU, the delay of a late frame at each end to a 2 s span.
 */
export async function playbackRates(page: Page, seconds: number, kind: 'plain' | 'stretch' = 'stretch'): Promise<{ shown: number; heard: number }> {
  const watched = await page.evaluate(
    ({ wanted, milliseconds }) =>
      new Promise<{ changes: { clock: number; value: number }[]; sampleRate: number; reports: [number, number] }>((resolve) => {
        const probe = window as unknown as ProbeWindow;
        const index = probe.stretchNodes.findIndex((node) => node.kind === wanted && node.schedules.length > 0);
        const context = probe.nodeContexts[index]!;
        const seek = document.querySelector('input[aria-label="Seek"]') as HTMLInputElement;
        const firstReport = probe.stretchNodes[index]!.times.length;
        const changes: { clock: number; value: number }[] = [];
        let last = Number(seek.value);
        const end = performance.now() + milliseconds;
        const look = () => {
          const value = Number(seek.value);
          if (value !== last) changes.push({ clock: context.currentTime, value });
          last = value;
          if (performance.now() < end) setTimeout(look, 2);
          else resolve({ changes, sampleRate: context.sampleRate, reports: [firstReport, probe.stretchNodes[index]!.times.length] });
        };
        look();
      }),
    { wanted: kind, milliseconds: seconds * 1000 },
  );
  if (watched.changes.length < 5) throw new Error(`the seek bar moved only ${watched.changes.length} times in ${seconds} s`);
  const reports = (await stemNodesSeen(page)).find((node) => node.kind === kind)!.times.slice(...watched.reports);
  if (reports.length < 5) throw new Error(`only ${reports.length} position reports from the ${kind} node in ${seconds} s`);
  const reportSeconds = Math.ceil((0.1 * watched.sampleRate) / RENDER_QUANTUM) * RENDER_QUANTUM / watched.sampleRate;
  const steps = reports.slice(1).map((report, index) => report.input - reports[index]!.input);
  return { shown: slope(watched.changes), heard: median(steps) / reportSeconds };
}
