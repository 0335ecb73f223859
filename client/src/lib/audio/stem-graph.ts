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
  /** The stream's HTTP status, when it answered with an error (403: the credit limit). */
  status?: number;
}

/** How to load a song's stems. */
export interface StemGraphOptions {
  /** Defaults to the global fetch; tests and the HEAD-checking loader may pass their own. */
  fetch?: typeof fetch;
  /** Aborts loading: fetches stop and whatever was decoded is released. */
  signal?: AbortSignal;
  /** Called as each stem finishes (decoded or failed), for a progress display. */
  onStemSettled?: (settled: number, total: number) => void;
  /** Stems that are drums: they are time-stretched with the others but never transposed. */
  drums?: ReadonlySet<string>;
}

interface Channel {
  id: string;
  buffer: PcmBuffer;
  drums: boolean;
  gain: Tone.Gain;
  meter: Tone.Meter;
}

/** Mute and volume changes glide over this long, so a gain step never clicks. */
const GAIN_RAMP: Seconds = 0.015;

/**
 * A fresh audio context for one song, made Tone's. Native, because Tone's default wraps the
 * browser's in standardized-audio-context, whose nodes a plain AudioWorkletNode (the stretch
 * library) cannot connect to; Tone runs as well on the native one. One per song, closed with the
 * graph: the stretch worklet's scope, and every stem buffer it was handed, go with the context at
 * once. A context kept across songs held each song's stems until the audio thread's own garbage
 * collector ran, which it hardly does (bench:client: 400 MB still held after five songs).
 * Created suspended outside a user gesture; the engine's `play()` resumes it from the user's click.
 * Without Tone's clock ('offline': no ticker): its worker, a thread and a script heap of its own,
 * woke every 50 ms for Tone's own scheduling, which the engine does not use (its timers are the
 * window's, and the audio is scheduled on the audio clock).
 */
function freshToneContext(): Tone.BaseContext {
  Tone.setContext(new Tone.Context({ context: new AudioContext({ latencyHint: 'interactive' }), clockSource: 'offline' }));
  return Tone.getContext();
}

/**
 * One song's stems on the audio graph: the plain players (see `buildPlainGraph`), and once tempo or
 * transpose is touched the stretch nodes (see `buildStretchGraph`), each one node for the pitched
 * stems and one for the drums, split back into one gain per stem -> master -> speakers, with a
 * meter on each gain and the spectrum analyser on the master. At 1x and no transpose the plain
 * players play and the stretch nodes are silent (or not built); otherwise the other way round
 * (decision 0041). It plays what it is scheduled with (`schedule`); when is the engine's to say.
 */
export class StemGraph {
  /**
   * The stretch nodes, built only once tempo, transpose or the speed trainer is touched (decision
   * 0041): at 1x and no transpose the plain players play, and the stretch nodes' WebAssembly and
   * worklet scope (about 11 MB private) are never made.
   */
  private stretch: StretchGroup[] | null = null;
  private stretchBuild: Promise<void> | null = null;
  private released = false;
  private peaks: NormalRange[] | null = null;

  private constructor(
    readonly context: Tone.BaseContext,
    private channels: readonly Channel[],
    private readonly plain: readonly PlainGroup[],
    private readonly master: Tone.Gain,
    private readonly analyser: Tone.Analyser,
    /** Stems that stay silent, with why. */
    readonly failures: readonly StemLoadFailure[],
  ) {}

  /**
   * Fetches and decodes every stem (in parallel) on a fresh context and builds the graph. A stem
   * that fails is reported in `failures` and skipped (spec 000 section 4); an abort rejects and
   * releases everything.
   */
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
          // Shared now, at its own length, so this AudioBuffer goes before the others are decoded:
          // held until the last stem was, the six of them doubled the PCM at the load's peak.
          return sharedPcm(decoded, decoded.length);
        } finally {
          options.onStemSettled?.(++settled, sources.length);
        }
      }),
    );
    // Decoded buffers of an aborted load are simply dropped (and the context closed, by `load`).
    options.signal?.throwIfAborted();

    // Every node on this song's own context (not Tone's global one, which a later load replaces).
    const master = new Tone.Gain({ context, gain: 1 });
    Tone.connect(master, context.rawContext.destination);
    const analyser = new Tone.Analyser({ context, type: 'fft', size: ANALYSER_FFT_SIZE / 2, smoothing: ANALYSER_SMOOTHING });
    master.connect(analyser);
    const channels: Channel[] = [];
    const failures: StemLoadFailure[] = [];
    // Every stem padded to the longest (a shorter one copied once more), so the stretch graph hands
    // the worklet the engine's own shared samples instead of copies of them (see `sharedPcm`).
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

  /** Builds the stretch nodes unless they are built or being built; resolves once they are. */
  prepareStretch(): Promise<void> {
    // A failed build is tried again at the next touch, not remembered.
    this.stretchBuild ??= this.buildStretch().catch((error: unknown) => {
      this.stretchBuild = null;
      throw error;
    });
    return this.stretchBuild;
  }

  /** Whether the stretch nodes are built (a change that needs them before then plays at 1x). */
  get stretchReady(): boolean {
    return this.stretch !== null;
  }

  private async buildStretch(): Promise<void> {
    // Its own chunk: a song played at 1x never loads the stretch library's code either.
    const { buildStretchGraph } = await import('./stretch-graph');
    if (this.released) return;
    const channels = this.channels;
    let groups: StretchGroup[];
    try {
      groups = await buildStretchGraph(this.context.rawContext as AudioContext, channels, (id, output) => connectToStem(channels, id, output));
    } catch (error) {
      if (this.released) return; // the song was closed, and its context with it, during the build
      throw error;
    }
    if (this.released) {
      releaseGroups(groups);
      return;
    }
    this.stretch = groups;
  }

  /**
   * Schedules one change on the nodes that play it and silences the others at the same audio-clock
   * time, for every stem together: the plain players at 1x and no transpose, the stretch nodes
   * otherwise. So a handover between the two (the first tempo change, back to 100%) happens at one
   * output time for all stems, as a start or a seek does. Stretch settings before the stretch nodes
   * are built play on the plain players at 1x.
   */
  schedule(change: SourceChange): Promise<unknown> {
    const stretched = needsStretch(change) && this.stretch !== null;
    const playing: readonly StemGroup[] = stretched ? this.stretch! : this.plain;
    const silent: readonly StemGroup[] = stretched ? this.plain : (this.stretch ?? []);
    const heard = stretched ? change : { ...change, rate: 1, semitones: 0 };
    return Promise.all([scheduleGroups(playing, heard), scheduleGroups(silent, { ...change, active: false })]);
  }

  /** The stems that decoded, in load order. */
  get stemIds(): string[] {
    return this.channels.map((channel) => channel.id);
  }

  /** Each decoded stem's length, to plan a start (see `planStart`). */
  get stems(): SchedulableStem[] {
    return this.channels.map((channel) => ({ id: channel.id, duration: channel.buffer.duration }));
  }

  /** The song's length: its longest decoded stem (0 when none decoded). */
  get duration(): Seconds {
    return this.channels.reduce((longest, channel) => Math.max(longest, channel.buffer.duration), 0);
  }

  /** Glides each named stem's gain to its value (0..1, else a RangeError); the others keep theirs. */
  setGains(gains: Readonly<Record<string, NormalRange>>): void {
    this.assertLive();
    for (const [id, value] of Object.entries(gains)) assertNormalRange(`gain of ${id}`, value);
    const now = this.context.immediate();
    for (const channel of this.channels) {
      const value = gains[channel.id];
      if (value !== undefined) channel.gain.gain.rampTo(value, GAIN_RAMP, now);
    }
  }

  /** The master output's spectrum: one decibel value per FFT bin, 0 Hz to Nyquist. */
  spectrum(): Float32Array {
    this.assertLive();
    return this.analyser.getValue() as Float32Array;
  }

  /** The circular waveform's bars (see `waveformPeaks`), from every decoded stem; computed once. */
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

  /** The mix rendered offline (see `renderMix`) from the decoded stems, in the live graph's groups. */
  renderMix(settings: MixSettings, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioBuffer> {
    return renderMix(this.channels, settings, onProgress, signal);
  }

  get disposed(): boolean {
    return this.released;
  }

  /** Throws once the graph is released: the song's engine is unusable after `dispose()`. */
  assertLive(): void {
    if (this.released) throw new Error('StemEngine used after dispose()');
  }

  /** Stops every node, releases it and every decoded buffer, and closes the context. */
  dispose(): void {
    if (this.released) return;
    releaseGroups(this.plain);
    releaseGroups(this.stretch ?? []);
    this.stretch = null;
    for (const channel of this.channels) {
      channel.gain.dispose();
      channel.meter.dispose();
    }
    this.master.dispose();
    this.analyser.dispose();
    this.context.dispose(); // closes the AudioContext, and stops Tone's clock worker for it
    // The decoded stems go now, not when the last reference to this graph does: a closure or a
    // stale render of the player can outlive the song by a long time (bench:client measured 400 MB
    // still held after five songs were loaded and let go).
    this.channels = [];
    this.peaks = null;
    this.released = true;
  }
}

/** Connects a stem node's output for stem `id` to that stem's gain. */
function connectToStem(channels: readonly Channel[], id: string, output: AudioNode): void {
  Tone.connect(output, channels.find((channel) => channel.id === id)!.gain);
}

/** Stops and disconnects a song's stem nodes and lets go of what their worklets were handed. */
function releaseGroups(groups: readonly StemGroup[]): void {
  for (const group of groups) {
    void group.node.stop();
    void group.node.dropBuffers(); // the worklet's references to (or copies of) the stems
    group.node.disconnect();
  }
}
