/** Gain staging: each stem to its place in the balance, one gain for all to peak at -1 dBFS, short fades. */
import { limitPeaks } from './synth/limiter';
import { peakOf, rmsOf, sampleRate } from './synth/track';

export const stemNames = ['drums', 'bass', 'guitar', 'keys', 'vocals', 'fx'] as const;
export type StemName = (typeof stemNames)[number];
export type Stems = Record<StemName, Float32Array>;

/** Loudness where each stem plays, in dBFS RMS, before the mix is normalised. */
const balance: Record<StemName, number> = { drums: -15, bass: -17, guitar: -19.5, keys: -20.5, vocals: -17, fx: -24 };
/** How far above its loudness a stem may peak, dB: drums keep their punch, sustained parts are held tighter. */
const crest: Record<StemName, number> = { drums: 17, bass: 13, guitar: 14, keys: 15, vocals: 13, fx: 18 };
const mixPeak = 10 ** (-1 / 20);
const fadeIn = 0.01;
const fadeOut = 2;

export interface StemLevels {
  /** dBFS. */
  peak: number;
  /** dBFS over the whole song. */
  rms: number;
  /** Share of 100 ms windows above -50 dBFS: where the stem plays. */
  active: number;
}

export interface MixReport {
  stems: Record<StemName, StemLevels>;
  mix: { peak: number; rms: number };
}

/** RMS over the windows where the stem plays (within 30 dB of its loudest window). */
export function activeRms(samples: Float32Array): number {
  const window = 4096;
  const levels: number[] = [];
  for (let from = 0; from < samples.length; from += window) levels.push(rmsOf(samples, from, Math.min(samples.length, from + window)));
  const loudest = Math.max(...levels, 0);
  const playing = levels.filter((level) => level > loudest * 0.03);
  if (playing.length === 0) return 0;
  return Math.sqrt(playing.reduce((sum, level) => sum + level * level, 0) / playing.length);
}

export function mixdown(stems: Stems): MixReport {
  for (const name of stemNames) {
    const level = activeRms(stems[name]);
    if (level <= 0) continue;
    limitPeaks(stems[name], level * 10 ** (crest[name] / 20));
    scale(stems[name], 10 ** (balance[name] / 20) / activeRms(stems[name]));
  }
  const length = stems.drums.length;
  const mix = new Float32Array(length);
  for (const name of stemNames) {
    const stem = stems[name];
    for (let index = 0; index < length; index++) mix[index]! += stem[index]!;
  }
  const common = mixPeak / Math.max(peakOf(mix), 1e-9);
  const fadeInSamples = Math.min(length, Math.round(fadeIn * sampleRate));
  const fadeOutSamples = Math.min(length, Math.round(fadeOut * sampleRate));
  // One gain for the whole song, then the fades shape only the first and last samples.
  for (const track of [...stemNames.map((name) => stems[name]), mix]) {
    for (let index = 0; index < length; index++) track[index]! *= common;
    for (let index = 0; index < fadeInSamples; index++) track[index]! *= index / fadeInSamples;
    for (let fromEnd = 0; fromEnd < fadeOutSamples; fromEnd++) track[length - 1 - fromEnd]! *= (fromEnd / fadeOutSamples) ** 1.5;
  }
  const db = (value: number) => Math.round(200 * Math.log10(Math.max(value, 1e-6))) / 10;
  const report = {} as Record<StemName, StemLevels>;
  for (const name of stemNames) report[name] = { peak: db(peakOf(stems[name])), rms: db(rmsOf(stems[name])), active: activeShare(stems[name]) };
  return { stems: report, mix: { peak: db(peakOf(mix)), rms: db(rmsOf(mix)) } };
}

function scale(samples: Float32Array, gain: number): void {
  for (let index = 0; index < samples.length; index++) samples[index]! *= gain;
}

function activeShare(samples: Float32Array): number {
  const window = Math.round(0.1 * sampleRate);
  let windows = 0;
  let playing = 0;
  for (let from = 0; from < samples.length; from += window) {
    windows++;
    if (rmsOf(samples, from, Math.min(samples.length, from + window)) > 10 ** (-50 / 20)) playing++;
  }
  return Math.round((playing / Math.max(1, windows)) * 100) / 100;
}
