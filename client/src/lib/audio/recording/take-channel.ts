import { createPcmPlayer } from '../pcm-player';
import type { PcmPlayerNode } from '../pcm-player';
import type { SourceChange } from '../source-schedule';
import type { NormalRange, Seconds } from '../units';
import { type TakePlacement, takeLaneSchedule } from './take-lane';

/** Gain changes glide over this long, as the stems' do, so a mute never clicks. */
const GAIN_RAMP: Seconds = 0.015;

/** One more channel strip in the song's graph: a take's player, gain and level, following every change of the stems. */
export class TakeChannel {
  private released = false;

  private constructor(
    private readonly context: BaseAudioContext,
    private readonly node: PcmPlayerNode,
    private readonly gain: GainNode,
    private readonly analyser: AnalyserNode,
    readonly placement: TakePlacement,
  ) {}

  /** A player of the take's mono samples (both ears); `connect` wires its output (to the song's master). */
  static async create(context: BaseAudioContext, samples: Float32Array, placement: TakePlacement, connect: (output: AudioNode) => void): Promise<TakeChannel> {
    const node = await createPcmPlayer(context, 2);
    // The same samples in both channels: one copy, transferred once.
    await node.setBuffers([samples, samples], [samples.buffer as ArrayBuffer]);
    const gain = context.createGain();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    node.connect(gain);
    connect(gain);
    gain.connect(analyser);
    return new TakeChannel(context, node, gain, analyser, placement);
  }

  schedule(change: SourceChange): Promise<unknown> {
    if (this.released) return Promise.resolve();
    return this.node.schedule(takeLaneSchedule(change, this.placement));
  }

  setGain(value: NormalRange): void {
    if (this.released) return;
    this.gain.gain.setTargetAtTime(value, this.context.currentTime, GAIN_RAMP / 3);
  }

  /** Its level after the gain, in dBFS (-Infinity when silent). */
  level(): number {
    const samples = new Float32Array(this.analyser.fftSize);
    this.analyser.getFloatTimeDomainData(samples);
    let peak = 0;
    for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
    return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
  }

  dispose(): void {
    if (this.released) return;
    this.released = true;
    void this.node.stop();
    void this.node.dropBuffers();
    this.node.disconnect();
    this.gain.disconnect();
    this.analyser.disconnect();
  }
}
