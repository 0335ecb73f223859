import { buildStretchGraph, scheduleGroups } from './stretch-graph';
import type { StretchStem } from './stretch-graph';
import { assertNormalRange } from './units';
import type { Seconds } from './units';

/** The mix to render: the mixer's effective gains per stem, tempo, transpose and an optional loop. */
export interface MixSettings {
  /** Effective gain per stem id (volume, 0 when muted or soloed out); a stem not named plays at 1. */
  gains: Readonly<Record<string, number>>;
  /** Playback rate, 0.5..1.5 (1 = the song's own tempo). */
  tempo: number;
  /** Semitones, -6..+6; drums are never transposed. */
  transpose: number;
  /** The loop in song seconds, rendered `passes` times; null renders the whole song. */
  loop: { start: number; end: number; passes: number } | null;
}

export const TEMPO_RANGE = { min: 0.5, max: 1.5 } as const;
export const TRANSPOSE_RANGE = { min: -6, max: 6 } as const;

/** Throws a RangeError unless the tempo is a rate in 0.5..1.5. */
export function assertTempo(tempo: number): number {
  if (!Number.isFinite(tempo) || tempo < TEMPO_RANGE.min || tempo > TEMPO_RANGE.max) {
    throw new RangeError(`tempo must be in ${TEMPO_RANGE.min}..${TEMPO_RANGE.max}, got ${tempo}`);
  }
  return tempo;
}

/** Throws a RangeError unless the transpose is a whole number of semitones in -6..+6. */
export function assertTranspose(semitones: number): number {
  if (!Number.isInteger(semitones) || semitones < TRANSPOSE_RANGE.min || semitones > TRANSPOSE_RANGE.max) {
    throw new RangeError(`transpose must be a whole number in ${TRANSPOSE_RANGE.min}..${TRANSPOSE_RANGE.max}, got ${semitones}`);
  }
  return semitones;
}

/** How long the rendered mix lasts, in output seconds: the song (or the loop's passes) over the tempo. */
export function renderedDuration(songDuration: Seconds, settings: Pick<MixSettings, 'tempo' | 'loop'>): Seconds {
  const songSeconds = settings.loop ? (settings.loop.end - settings.loop.start) * settings.loop.passes : songDuration;
  return songSeconds / settings.tempo;
}

/** Progress is reported this often (rendered output seconds); each report suspends the render once. */
const PROGRESS_INTERVAL: Seconds = 2;

/**
 * Renders the mix offline through the same graph the engine plays (stretch nodes per group, one
 * gain per stem, summed to stereo) and returns it as a stereo AudioBuffer at the stems' sample rate.
 * The nodes start `lead` seconds into the render (their latency, so the first samples are complete
 * rather than the library's fade-in catching up) and the lead is cut off the result.
 */
export async function renderMix(
  stems: readonly StretchStem[],
  settings: MixSettings,
  onProgress?: (fraction: number) => void,
): Promise<AudioBuffer> {
  assertTempo(settings.tempo);
  assertTranspose(settings.transpose);
  for (const [id, gain] of Object.entries(settings.gains)) assertNormalRange(`gain of ${id}`, gain);
  if (stems.length === 0) throw new RangeError('renderMix needs at least one decoded stem');
  const sampleRate = stems[0]!.buffer.sampleRate;
  const songDuration = Math.max(...stems.map((stem) => stem.buffer.duration));
  const loop = settings.loop;
  if (loop && !(loop.start >= 0 && loop.end > loop.start && loop.end <= songDuration && Number.isInteger(loop.passes) && loop.passes >= 1)) {
    throw new RangeError(`loop must lie inside the song with at least one pass, got ${JSON.stringify(loop)}`);
  }

  const outputLength = Math.ceil(renderedDuration(songDuration, settings) * sampleRate);
  // The lead is known only once a node exists; a second is more than the library's latency at any preset.
  const leadLength = sampleRate;
  const context = new OfflineAudioContext(2, leadLength + outputLength, sampleRate);
  const groups = await buildStretchGraph(context, stems, (id, output) => {
    const gain = context.createGain();
    gain.gain.value = settings.gains[id] ?? 1;
    output.connect(gain).connect(context.destination);
  });
  const lead = leadLength / sampleRate;
  await scheduleGroups(groups, {
    output: lead,
    input: loop?.start ?? 0,
    active: true,
    rate: settings.tempo,
    semitones: settings.transpose,
    loop: loop ? { start: loop.start, end: loop.end } : null,
  });

  const total = (leadLength + outputLength) / sampleRate;
  if (onProgress) {
    for (let time = PROGRESS_INTERVAL; time < total; time += PROGRESS_INTERVAL) {
      const at = time;
      void context.suspend(at).then(() => {
        onProgress(Math.min(1, at / total));
        void context.resume();
      });
    }
  }
  const rendered = await context.startRendering();
  onProgress?.(1);

  const result = new AudioBuffer({ numberOfChannels: 2, length: outputLength, sampleRate });
  for (let channel = 0; channel < 2; channel++) {
    result.copyToChannel(rendered.getChannelData(channel).subarray(leadLength, leadLength + outputLength), channel);
  }
  return result;
}
