import { clickSamples } from './click-track';
import type { MixClick } from './export-layout';
import { exportLayout } from './export-layout';
import { exportLanes } from './export-lanes';
import { type MixTake, addTakeInto, assertTakeMixable } from './mix-take';
import { type PcmBuffer, isShared } from './pcm-buffer';
import type { StretchStem } from './stretch-graph';
import { stretchInWorker } from './stretch-in-worker';
import { assertNormalRange } from './units';
import type { Seconds } from './units';

export type { MixClick } from './export-layout';
export type { MixTake } from './mix-take';

export interface MixSettings {
  /** Effective gain per stem id; a stem not named plays at 1. */
  gains: Readonly<Record<string, number>>;
  tempo: number;
  /** Semitones; drums are never transposed. */
  transpose: number;
  /** The loop in song seconds, rendered `passes` times; null renders the whole song. */
  loop: { start: number; end: number; passes: number } | null;
  click?: MixClick | null;
  /** A recorded take mixed in at its place, before the count-in is laid out (it needs the same tempo and transpose). */
  take?: MixTake | null;
}

export const TEMPO_RANGE = { min: 0.5, max: 1.5 } as const;
export const TRANSPOSE_RANGE = { min: -6, max: 6 } as const;

export function assertTempo(tempo: number): number {
  if (!Number.isFinite(tempo) || tempo < TEMPO_RANGE.min || tempo > TEMPO_RANGE.max) {
    throw new RangeError(`tempo must be in ${TEMPO_RANGE.min}..${TEMPO_RANGE.max}, got ${tempo}`);
  }
  return tempo;
}

export function assertTranspose(semitones: number): number {
  if (!Number.isInteger(semitones) || semitones < TRANSPOSE_RANGE.min || semitones > TRANSPOSE_RANGE.max) {
    throw new RangeError(`transpose must be a whole number in ${TRANSPOSE_RANGE.min}..${TRANSPOSE_RANGE.max}, got ${semitones}`);
  }
  return semitones;
}

export function renderedDuration(songDuration: Seconds, settings: Pick<MixSettings, 'tempo' | 'loop'>): Seconds {
  const songSeconds = settings.loop ? (settings.loop.end - settings.loop.start) * settings.loop.passes : songDuration;
  return songSeconds / settings.tempo;
}

/** The stem's channels (one for mono): shared ones as they are (decision 0035), else copies to transfer. */
function stemChannels(buffer: PcmBuffer, length: number): Float32Array[] {
  return Array.from({ length: Math.min(2, buffer.numberOfChannels) }, (_, channel) => {
    const source = buffer.getChannelData(channel);
    if (isShared(source)) return source;
    const samples = new Float32Array(length);
    samples.set(source);
    return samples;
  });
}

/** One lane per core, at most 4: each lane holds its stems' copies in memory. */
function workerCount(): number {
  return Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
}

/** Both sides of a mono stem get it. */
function addInto(into: Float32Array, from: Float32Array, gain: number, at = 0): void {
  const end = Math.min(from.length, into.length - at);
  for (let index = 0; index < end; index++) into[at + index] = into[at + index]! + gain * from[index]!;
}

/** The song at tempo 1 and no transpose: the stems times their gains, summed, exact. */
function plainMix(stems: readonly StretchStem[], gains: MixSettings['gains'], length: number): Float32Array[] {
  const out = [new Float32Array(length), new Float32Array(length)];
  for (const stem of stems) {
    const gain = gains[stem.id] ?? 1;
    if (gain === 0) continue;
    for (let side = 0; side < 2; side++) {
      const source = stem.buffer.getChannelData(Math.min(side, stem.buffer.numberOfChannels - 1));
      addInto(out[side]!, source.subarray(0, length), gain);
    }
  }
  return out;
}

/** The mix as heard, stretched on one worker per core and identical every time (decision 0032). */
export async function renderMix(
  stems: readonly StretchStem[],
  settings: MixSettings,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AudioBuffer> {
  signal?.throwIfAborted();
  assertTempo(settings.tempo);
  assertTranspose(settings.transpose);
  for (const [id, gain] of Object.entries(settings.gains)) assertNormalRange(`gain of ${id}`, gain);
  if (settings.click) assertNormalRange('click volume', settings.click.volume);
  if (stems.length === 0) throw new RangeError('renderMix needs at least one decoded stem');
  const sampleRate = stems[0]!.buffer.sampleRate;
  if (settings.take) assertTakeMixable(settings.take, { sampleRate, tempo: settings.tempo, transpose: settings.transpose });
  const songDuration = Math.max(...stems.map((stem) => stem.buffer.duration));
  const loop = settings.loop;
  if (loop && !(loop.start >= 0 && loop.end > loop.start && loop.end <= songDuration && Number.isInteger(loop.passes) && loop.passes >= 1)) {
    throw new RangeError(`loop must lie inside the song with at least one pass, got ${JSON.stringify(loop)}`);
  }

  const musicLength = Math.ceil(renderedDuration(songDuration, settings) * sampleRate);
  const sampleLoop = loop ? { start: Math.round(loop.start * sampleRate), end: Math.round(loop.end * sampleRate) } : null;
  const from = sampleLoop?.start ?? 0;
  let music: Float32Array[];
  // A loop goes through the stretch even at 1x: a plain sum would click at its seam.
  if (settings.tempo === 1 && settings.transpose === 0 && !loop) {
    music = plainMix(stems, settings.gains, musicLength);
  } else {
    const length = Math.max(...stems.map((stem) => stem.buffer.length));
    const audible = stems.filter((stem) => (settings.gains[stem.id] ?? 1) > 0);
    const lanes = exportLanes(
      audible.map((stem) => ({ ...stem, channels: Math.min(2, stem.buffer.numberOfChannels) })),
      workerCount(),
    );
    const done = lanes.map(() => 0);
    const report = () => onProgress?.(Math.min(0.99, done.reduce((sum, value) => sum + value, 0) / Math.max(1, lanes.length)));
    const mixes = await Promise.all(
      lanes.map((groups, index) => {
        const request = {
          sampleRate,
          groups: groups.map((members) => ({
            semitones: members[0]!.drums ? 0 : settings.transpose,
            stems: members.map((stem) => ({ channels: stemChannels(stem.buffer, length), gain: settings.gains[stem.id] ?? 1 })),
          })),
          rate: settings.tempo,
          from,
          loop: sampleLoop,
          length: musicLength,
        };
        return stretchInWorker(
          request,
          (fraction) => {
            done[index] = fraction;
            report();
          },
          signal,
        );
      }),
    );
    music = [new Float32Array(musicLength), new Float32Array(musicLength)];
    // In lane order, so the same float sums every time.
    for (const mix of mixes) {
      addInto(music[0]!, mix.left, 1);
      addInto(music[1]!, mix.right, 1);
    }
  }

  if (settings.take) addTakeInto(music, settings.take, { sampleRate, tempo: settings.tempo, transpose: settings.transpose, from, loop: sampleLoop });

  const layout = exportLayout(musicLength / sampleRate, { tempo: settings.tempo, loop, click: settings.click ?? null });
  const toSample = (seconds: Seconds) => Math.round(seconds * sampleRate);
  const totalLength = layout.segments.length === 1 && layout.segments[0]!.at === 0 ? musicLength : toSample(layout.duration);
  const result = new AudioBuffer({ numberOfChannels: 2, length: totalLength, sampleRate });
  for (let side = 0; side < 2; side++) {
    const out = new Float32Array(totalLength);
    for (const segment of layout.segments) {
      const start = toSample(segment.from);
      const end = Math.min(musicLength, start + toSample(segment.length));
      out.set(music[side]!.subarray(start, end).subarray(0, totalLength - toSample(segment.at)), toSample(segment.at));
    }
    if (settings.click) {
      const sounds = { normal: clickSamples(sampleRate, false), accent: clickSamples(sampleRate, true) };
      for (const click of layout.clicks) addInto(out, click.accent ? sounds.accent : sounds.normal, settings.click.volume, toSample(click.time));
    }
    result.copyToChannel(out, side);
  }
  onProgress?.(1);
  return result;
}
