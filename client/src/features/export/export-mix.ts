import type { ExportFormat } from '../../lib/export/export-format';
import { exportFormats, MP3_BITRATE } from '../../lib/export/export-format';
import type { ExportMixSettings, ExportTakeChoice } from '../../lib/export/export-mix-source';

export interface CurrentLoop {
  start: number;
  end: number;
}

/** How many passes of the loop an export may hold: a practice track, not an endless file. */
export const LOOP_PASSES = { min: 1, max: 50 } as const;

/** The message of the RangeError `exportMixSettings` throws when nothing would sound. */
export const SILENT_MIX = 'every stem is muted: the export would be silent';

/**
 * The mix to render: each loaded stem's effective gain (`selectStemGains`), tempo, transpose, the loop's
 * passes and the take chosen at its strip's gain (a soloed take silences the band, as it does playing
 * along); a RangeError when nothing would sound.
 */
export function exportMixSettings(input: {
  gains: Readonly<Record<string, number>>;
  loadedStemIds: readonly string[];
  tempo: number;
  transpose: number;
  loop: CurrentLoop | null;
  loopOnly: { passes: number } | null;
  take?: ExportTakeChoice | null;
}): ExportMixSettings {
  const gains: Record<string, number> = {};
  const take = input.take ? { id: input.take.id, gain: Math.min(1, Math.max(0, input.take.gain)) } : null;
  for (const id of input.loadedStemIds) gains[id] = input.take?.soloed ? 0 : Math.min(1, Math.max(0, input.gains[id] ?? 0));
  if (!Object.values(gains).some((gain) => gain > 0) && !(take && take.gain > 0)) throw new RangeError(SILENT_MIX);
  let loop: ExportMixSettings['loop'] = null;
  if (input.loopOnly) {
    if (!input.loop) throw new RangeError('no loop is set');
    const { passes } = input.loopOnly;
    if (!Number.isInteger(passes) || passes < LOOP_PASSES.min || passes > LOOP_PASSES.max) {
      throw new RangeError(`passes must be a whole number in ${LOOP_PASSES.min}..${LOOP_PASSES.max}, got ${passes}`);
    }
    if (!(input.loop.end > input.loop.start)) throw new RangeError('the loop ends before it starts');
    loop = { start: input.loop.start, end: input.loop.end, passes };
  }
  return { gains, tempo: input.tempo, transpose: input.transpose, loop, ...(take && { take }) };
}

export function exportSeconds(songDuration: number, settings: Pick<ExportMixSettings, 'tempo' | 'loop'>): number {
  const songSeconds = settings.loop ? (settings.loop.end - settings.loop.start) * settings.loop.passes : songDuration;
  return songSeconds / settings.tempo;
}

/** The file's size beforehand: exact for WAV, bitrate times length for MP3. */
export function estimatedExportBytes(format: ExportFormat, seconds: number, sampleRate: number, channels: number): number {
  const frames = Math.ceil(seconds * sampleRate);
  switch (format) {
    case 'wav16':
      return (channels > 2 ? 80 : 44) + frames * channels * 2;
    case 'wav32':
      return 80 + frames * channels * 4;
    case 'mp3':
      return Math.ceil((MP3_BITRATE * 1000 * seconds) / 8);
    default: {
      const never: never = format;
      throw new Error(`unknown format ${String(never)}`);
    }
  }
}

/** Characters no common file system takes in a name (Windows' list, the strictest), and controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const MAX_TITLE_LENGTH = 120;

/** "<title> (Woodshed mix).wav" with a file-system-safe title; the 32-bit float WAV is named apart from the 16-bit one. */
export function exportFileName(title: string, format: ExportFormat): string {
  let safe = title.normalize('NFC').replace(UNSAFE_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim();
  // Windows drops trailing dots and spaces; a name of dots alone is no name.
  safe = safe.replace(/[.\s]+$/, '').replace(/^\.+/, '');
  if ([...safe].length > MAX_TITLE_LENGTH) safe = [...safe].slice(0, MAX_TITLE_LENGTH).join('').trim();
  const variant = format === 'wav32' ? ', 32-bit float' : '';
  return `${safe || 'Untitled'} (Woodshed mix${variant}).${exportFormats[format].extension}`;
}
