import type { Page } from 'playwright-core';

/** One `schedule` call of a stretch node as the engine sent it, and the audio clock when it was sent. */
export interface StretchScheduleSent {
  sentAt: number;
  /**
   * The audio clock as first read in the run of script that sent this schedule: the engine's own
   * reading, which it times the schedule from (it reads the clock, then sends, with no await
   * between). Under load the clock moves on while that run goes on, so `sentAt` can lie later.
   */
  clockRead: number;
  output: number;
  input: number;
  active: boolean;
  rate: number;
  semitones: number;
}

/**
 * The plain stem player's processor name (client/src/lib/audio/pcm-player-processor.ts: PCM_PLAYER;
 * the e2e project cannot import the client's sources). Every other AudioWorkletNode the engine makes
 * is a stretch node.
 */
const PCM_PLAYER = 'woodshed-pcm-player';

/**
 * What the probe saw of one stem node (a stretch node, or a plain player: decision 0041): its
 * schedules, and the input times its worklet reported.
 */
export interface StretchNodeSeen {
  /** 'plain' for a plain player, 'stretch' for a signalsmith-stretch node. */
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
 * Before the page's scripts run, records what reaches the audio engine's stretch nodes
 * (signalsmith-stretch's AudioWorkletNodes, built on the engine's native AudioContext): every
 * `schedule` message (output time, input position, rate, semitones) and every `time` report of the
 * worklet's input position; and every AudioBufferSourceNode started (the click track's clicks).
 * What the controls show is the mixer slice; this is what the audio thread was told, and did.
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

/** The plain players that were scheduled (pitched stems first, then drums), as seen so far. */
export async function plainPlayersSeen(page: Page): Promise<StretchNodeSeen[]> {
  return (await stemNodesSeen(page)).filter((node) => node.kind === 'plain');
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

/** The buffer sources started so far. */
export async function sourcesStarted(page: Page): Promise<SourceStarted[]> {
  return page.evaluate(() => (window as unknown as ProbeWindow).startedSources);
}

/** The least-squares slope of `y` over `x`. */
function slope(points: readonly { x: number; y: number }[]): number {
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return covariance / variance;
}

/**
 * How fast the song moves while playing, over `seconds` of the page's time: `shown` is the player's
 * position (the seek bar) per second of the node's audio clock; `heard` is the first node of
 * `kind`'s reported input position per audio-clock second (a least-squares line through its
 * reports, which come every 0.1 s of audio and reach the page a little late each). Both on the
 * audio clock, which a busy machine slows together with the song, where it skews the wall clock.
 */
export async function playbackRates(page: Page, seconds: number, kind: 'plain' | 'stretch' = 'stretch'): Promise<{ shown: number; heard: number }> {
  const sample = () =>
    page.evaluate((wanted) => {
      const probe = window as unknown as ProbeWindow;
      const index = probe.stretchNodes.findIndex((node) => node.kind === wanted && node.schedules.length > 0);
      return {
        clock: probe.nodeContexts[index]!.currentTime,
        position: Number((document.querySelector('input[aria-label="Seek"]') as HTMLInputElement).value),
        reports: probe.stretchNodes[index]!.times.length,
      };
    }, kind);
  const before = await sample();
  await page.waitForTimeout(seconds * 1000);
  const after = await sample();
  const reports = (await stemNodesSeen(page)).find((node) => node.kind === kind)!.times.slice(before.reports, after.reports);
  if (reports.length < 5) throw new Error(`only ${reports.length} position reports from the ${kind} node in ${seconds} s`);
  return {
    shown: (after.position - before.position) / (after.clock - before.clock),
    heard: slope(reports.map((report) => ({ x: report.at, y: report.input }))),
  };
}
