import type { NormalRange, Seconds } from './units';

/** A click lasts this long: a short decaying sine, the accent (a bar's first beat) a fifth higher. */
const CLICK_LENGTH: Seconds = 0.03;
const CLICK_HZ = 1000;
const ACCENT_HZ = 1500;

export function clickSamples(sampleRate: number, accent: boolean): Float32Array<ArrayBuffer> {
  const length = Math.round(CLICK_LENGTH * sampleRate);
  const samples = new Float32Array(length);
  const hz = accent ? ACCENT_HZ : CLICK_HZ;
  for (let index = 0; index < length; index++) {
    const time = index / sampleRate;
    samples[index] = Math.sin(2 * Math.PI * hz * time) * Math.exp(-time / (CLICK_LENGTH / 5));
  }
  return samples;
}

function clickSound(context: BaseAudioContext, accent: boolean): AudioBuffer {
  const samples = clickSamples(context.sampleRate, accent);
  const buffer = context.createBuffer(1, samples.length, context.sampleRate);
  buffer.copyToChannel(samples, 0);
  return buffer;
}

/** Clicks on the audio clock, each a buffer source started at its exact time, through the click's gain. */
export class ClickTrack {
  private readonly gain: GainNode;
  private readonly sounds: { normal: AudioBuffer; accent: AudioBuffer };
  private pending: { time: Seconds; source: AudioBufferSourceNode }[] = [];

  constructor(private readonly context: BaseAudioContext, destination: AudioNode) {
    this.gain = context.createGain();
    this.gain.connect(destination);
    this.sounds = { normal: clickSound(context, false), accent: clickSound(context, true) };
  }

  set volume(value: NormalRange) {
    this.gain.gain.setTargetAtTime(value, this.context.currentTime, 0.01);
  }

  schedule(clicks: readonly { time: Seconds; accent: boolean }[]): void {
    const now = this.context.currentTime;
    this.pending = this.pending.filter((click) => click.time >= now);
    for (const click of clicks) {
      // A beat already past (a late tick) is left out rather than sounding off the grid.
      if (click.time < now) continue;
      const source = this.context.createBufferSource();
      source.buffer = click.accent ? this.sounds.accent : this.sounds.normal;
      source.connect(this.gain);
      source.start(click.time);
      this.pending.push({ time: click.time, source });
    }
  }

  cancelFrom(time: Seconds): void {
    for (const click of this.pending) if (click.time >= time) click.source.stop();
    this.pending = this.pending.filter((click) => click.time < time);
  }

  dispose(): void {
    this.cancelFrom(0);
    this.gain.disconnect();
  }
}
