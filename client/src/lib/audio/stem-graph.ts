import * as Tone from './tone';
import { StemResponseError, fetchStemAudio } from './fetch-stem-audio';
import type { StemSource } from './fetch-stem-audio';
import { renderMix } from './render-mix';
import type { MixSettings } from './render-mix';
import { ANALYSER_FFT_SIZE, ANALYSER_SMOOTHING } from './spectrum-bars';
import { type PcmBuffer, sharedPcm } from './pcm-buffer';
import { buildPlainGraph } from './plain-graph';
import type { PlainGroup } from './plain-graph';
import { needsStretch, scheduleGroups } from './source-schedule';
import type { SourceChange, StemGroup } from './source-schedule';
import type { SchedulableStem } from './start-plan';
import type { StretchGroup } from './stretch-graph';
import { assertNormalRange } from './units';
import type { Decibels, NormalRange, Seconds } from './units';
import { waveformPeaks } from './waveform-peaks';

/** A stem that could not be fetched or decoded: it stays silent and the others play. */
export interface StemLoadFailure {
  id: string;
  message: string;
  /** The stream's HTTP error status (403: the credit limit). */
  status?: number;
}

export interface StemGraphOptions {
  fetch?: typeof fetch;
  /** Aborts loading and releases whatever was decoded. */
  signal?: AbortSignal;
  /** Called as each stem is decoded or fails. */
  onStemSettled?: (settled: number, total: number) => void;
  /** Stems that are never transposed. */
  drums?: ReadonlySet<string>;
}

interface Channel {
  id: string;
  buffer: PcmBuffer;
  drums: boolean;
  gain: Tone.Gain;
  meter: Tone.Meter;
}

/** A channel beside the stems (a take) that follows every change of their time map. */
export interface GraphLane {
  schedule(change: SourceChange): Promise<unknown>;
  dispose(): void;
}

/** Mute and volume changes glide over this long, so a gain step never clicks. */
const GAIN_RAMP: Seconds = 0.015;

/**
 * A native context made Tone's (standardized-audio-context nodes cannot connect to an AudioWorkletNode),
 * one per song so closing it frees the worklet and its stems; no Tone clock, the engine does not use it.
 */
function freshToneContext(): Tone.BaseContext {
  Tone.setContext(new Tone.Context({ context: new AudioContext({ latencyHint: 'interactive' }), clockSource: 'offline' }));
  return Tone.getContext();
}

/**
 * One song's stems: plain players, plus stretch nodes once tempo or transpose is touched (decision
 * 0041), each stem -> gain and meter -> master and analyser -> speakers. When to play is the engine's.
 */
export class StemGraph {
  /** Built on first need (decision 0041): their WebAssembly and worklet scope are costly. */
  private stretch: StretchGroup[] | null = null;
  private stretchBuild: Promise<void> | null = null;
  private released = false;
  private peaks: NormalRange[] | null = null;
  private readonly lanes = new Set<GraphLane>();
  /** The last change heard, replayed to a lane added while playing so it joins in place. */
  private lastHeard: SourceChange | null = null;
  /** The stems' gains as last set, and whether a soloed lane silences them all. */
  private gains: Readonly<Record<string, NormalRange>> = {};
  private bandMuted = false;

  private constructor(
    readonly context: Tone.BaseContext,
    private channels: readonly Channel[],
    private readonly plain: readonly PlainGroup[],
    private readonly master: Tone.Gain,
    private readonly analyser: Tone.Analyser,
    readonly failures: readonly StemLoadFailure[],
  ) {}

  /** Fetches and decodes every stem; one that fails is skipped, in `failures` (spec 000 section 4). */
  static async load(sources: readonly StemSource[], options: StemGraphOptions = {}): Promise<StemGraph> {
    const context = freshToneContext();
    try {
      return await StemGraph.build(context, sources, options);
    } catch (error) {
      context.dispose(); // closes the AudioContext, and stops Tone's clock worker for it
      throw error;
    }
  }

  private static async build(context: Tone.BaseContext, sources: readonly StemSource[], options: StemGraphOptions): Promise<StemGraph> {
    const fetchFn = options.fetch ?? fetch.bind(globalThis);
    let settled = 0;
    const results = await Promise.allSettled(
      sources.map(async (source) => {
        try {
          const encoded = await fetchStemAudio(source, fetchFn, options.signal);
          const decoded = await context.decodeAudioData(encoded);
          // Shared now, so this AudioBuffer goes before the next is decoded (held, they doubled the peak).
          return sharedPcm(decoded, decoded.length);
        } finally {
          options.onStemSettled?.(++settled, sources.length);
        }
      }),
    );
    options.signal?.throwIfAborted();

    // On this song's own context, not Tone's global one, which a later load replaces.
    const master = new Tone.Gain({ context, gain: 1 });
    Tone.connect(master, context.rawContext.destination);
    const analyser = new Tone.Analyser({ context, type: 'fft', size: ANALYSER_FFT_SIZE / 2, smoothing: ANALYSER_SMOOTHING });
    master.connect(analyser);
    const channels: Channel[] = [];
    const failures: StemLoadFailure[] = [];
    // Padded to the longest, so the nodes get the engine's own shared samples, not copies.
    const length = Math.max(0, ...results.map((result) => (result.status === 'fulfilled' ? result.value.length : 0)));
    results.forEach((result, index) => {
      const id = sources[index]!.id;
      if (result.status === 'rejected') {
        const status = result.reason instanceof StemResponseError ? result.reason.status : undefined;
        failures.push({ id, message: result.reason instanceof Error ? result.reason.message : String(result.reason), ...(status !== undefined && { status }) });
        return;
      }
      const gain = new Tone.Gain({ context, gain: 1 });
      const meter = new Tone.Meter({ context, smoothing: ANALYSER_SMOOTHING });
      gain.connect(master);
      gain.connect(meter);
      channels.push({ id, buffer: sharedPcm(result.value, length), drums: options.drums?.has(id) ?? false, gain, meter });
    });
    const plain = await buildPlainGraph(context.rawContext as AudioContext, channels, (id, output) => connectToStem(channels, id, output));
    return new StemGraph(context, channels, plain, master, analyser, failures);
  }

  /** Builds the stretch nodes once (a failed build is tried again); resolves once they are built. */
  prepareStretch(): Promise<void> {
    this.stretchBuild ??= this.buildStretch().catch((error: unknown) => {
      this.stretchBuild = null;
      throw error;
    });
    return this.stretchBuild;
  }

  get stretchReady(): boolean {
    return this.stretch !== null;
  }

  private async buildStretch(): Promise<void> {
    // Its own chunk: a song played at 1x never loads the library.
    const { buildStretchGraph } = await import('./stretch-graph');
    if (this.released) return;
    const channels = this.channels;
    let groups: StretchGroup[];
    try {
      groups = await buildStretchGraph(this.context.rawContext as AudioContext, channels, (id, output) => connectToStem(channels, id, output));
    } catch (error) {
      if (this.released) return; // closed during the build
      throw error;
    }
    if (this.released) {
      releaseGroups(groups);
      return;
    }
    this.stretch = groups;
  }

  /** Plays the change on plain or stretch nodes and silences the other set at the same output time. */
  schedule(change: SourceChange): Promise<unknown> {
    const stretched = needsStretch(change) && this.stretch !== null;
    const playing: readonly StemGroup[] = stretched ? this.stretch! : this.plain;
    const silent: readonly StemGroup[] = stretched ? this.plain : (this.stretch ?? []);
    const heard = stretched ? change : { ...change, rate: 1, semitones: 0 };
    this.lastHeard = heard;
    return Promise.all([scheduleGroups(playing, heard), scheduleGroups(silent, { ...change, active: false }), ...[...this.lanes].map((lane) => lane.schedule(heard))]);
  }

  /** Adds a lane; while playing it joins at the current position. */
  addLane(lane: GraphLane): void {
    this.assertLive();
    this.lanes.add(lane);
    if (this.lastHeard) void lane.schedule(this.lastHeard);
  }

  /** Removes and disposes a lane. */
  removeLane(lane: GraphLane): void {
    if (this.lanes.delete(lane)) lane.dispose();
  }

  /** Connects a lane's output to the master (spectrum and speakers), as a stem's. */
  connectToMaster(output: AudioNode): void {
    this.assertLive();
    Tone.connect(output, this.master);
  }

  /** Silences every stem (a soloed take) or gives them their gains back. */
  setBandMuted(muted: boolean): void {
    this.assertLive();
    this.bandMuted = muted;
    this.applyGains();
  }

  get stemIds(): string[] {
    return this.channels.map((channel) => channel.id);
  }

  get stems(): SchedulableStem[] {
    return this.channels.map((channel) => ({ id: channel.id, duration: channel.buffer.duration }));
  }

  get duration(): Seconds {
    return this.channels.reduce((longest, channel) => Math.max(longest, channel.buffer.duration), 0);
  }

  setGains(gains: Readonly<Record<string, NormalRange>>): void {
    this.assertLive();
    for (const [id, value] of Object.entries(gains)) assertNormalRange(`gain of ${id}`, value);
    this.gains = { ...this.gains, ...gains };
    this.applyGains();
  }

  private applyGains(): void {
    const now = this.context.immediate();
    for (const channel of this.channels) {
      const value = this.gains[channel.id];
      if (value !== undefined || this.bandMuted) channel.gain.gain.rampTo(this.bandMuted ? 0 : (value ?? 1), GAIN_RAMP, now);
    }
  }

  /** The master's spectrum in dB per FFT bin, 0 Hz to Nyquist. */
  spectrum(): Float32Array {
    this.assertLive();
    return this.analyser.getValue() as Float32Array;
  }

  waveformPeaks(): NormalRange[] {
    this.assertLive();
    this.peaks ??= waveformPeaks(
      this.channels.map((channel) => channel.buffer),
      this.duration,
    );
    return this.peaks;
  }

  /** Each stem's level after its gain, in dBFS (-Infinity when silent). */
  levels(): Record<string, Decibels> {
    this.assertLive();
    const levels: Record<string, Decibels> = {};
    for (const channel of this.channels) {
      const value = channel.meter.getValue();
      levels[channel.id] = Array.isArray(value) ? Math.max(...value) : value;
    }
    return levels;
  }

  renderMix(settings: MixSettings, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioBuffer> {
    return renderMix(this.channels, settings, onProgress, signal);
  }

  get disposed(): boolean {
    return this.released;
  }

  assertLive(): void {
    if (this.released) throw new Error('StemEngine used after dispose()');
  }

  dispose(): void {
    if (this.released) return;
    for (const lane of this.lanes) lane.dispose();
    this.lanes.clear();
    this.lastHeard = null;
    releaseGroups(this.plain);
    releaseGroups(this.stretch ?? []);
    this.stretch = null;
    for (const channel of this.channels) {
      channel.gain.dispose();
      channel.meter.dispose();
    }
    this.master.dispose();
    this.analyser.dispose();
    this.context.dispose();
    // Now, not with the last reference to this graph: a stale closure can outlive the song long.
    this.channels = [];
    this.peaks = null;
    this.released = true;
  }
}

function connectToStem(channels: readonly Channel[], id: string, output: AudioNode): void {
  Tone.connect(output, channels.find((channel) => channel.id === id)!.gain);
}

function releaseGroups(groups: readonly StemGroup[]): void {
  for (const group of groups) {
    void group.node.stop();
    void group.node.dropBuffers();
    group.node.disconnect();
  }
}
