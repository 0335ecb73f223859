/**
 * How each piece's stems are stored: the formats, rates, channel counts, names and tags musicians'
 * files come in. A piece's profile follows from its place in the catalogue, so the mix is fixed.
 */
import type { StemPart } from './stem-parts';

export type AudioFormat = 'mp3' | 'ogg' | 'wav' | 'flac' | 'm4a';

export interface StemEncoding {
  format: AudioFormat;
  sampleRate: number;
  channels: 1 | 2;
  /** ID3 / Vorbis / MP4 / RIFF tags: title, artist, album, genre, track. */
  tags: boolean;
  /** Cover art as an attached picture (mp3, flac, m4a only). */
  cover: boolean;
}

export type NameStyle = 'plain' | 'labelled' | 'numbered';

export interface FormatProfile {
  name: string;
  names: NameStyle;
  /** One encoding for every stem, or a list the stems take in turn. */
  encodings: readonly StemEncoding[];
}

const encoding = (format: AudioFormat, sampleRate: number, channels: 1 | 2, tags = false, cover = false): StemEncoding => ({ format, sampleRate, channels, tags, cover });

export const formatProfiles: readonly FormatProfile[] = [
  { name: 'mp3 44.1 kHz stereo, ID3 tags and cover', names: 'plain', encodings: [encoding('mp3', 44_100, 2, true, true)] },
  { name: 'ogg 48 kHz stereo', names: 'labelled', encodings: [encoding('ogg', 48_000, 2, true)] },
  { name: 'wav 44.1 kHz mono', names: 'plain', encodings: [encoding('wav', 44_100, 1)] },
  { name: 'flac 48 kHz stereo, tags and cover', names: 'numbered', encodings: [encoding('flac', 48_000, 2, true, true)] },
  { name: 'm4a 44.1 kHz stereo, tags and cover', names: 'labelled', encodings: [encoding('m4a', 44_100, 2, true, true)] },
  {
    name: 'mixed formats, rates and channels',
    names: 'numbered',
    encodings: [encoding('wav', 48_000, 2), encoding('mp3', 22_050, 1, true), encoding('ogg', 32_000, 2), encoding('flac', 44_100, 1), encoding('m4a', 48_000, 2, true, true), encoding('mp3', 44_100, 2, true, true), encoding('ogg', 22_050, 1)],
  },
  { name: 'mp3 32 kHz mono', names: 'labelled', encodings: [encoding('mp3', 32_000, 1)] },
  { name: 'flac 96 kHz stereo', names: 'plain', encodings: [encoding('flac', 96_000, 2)] },
];

export function profileOf(pieceIndex: number): FormatProfile {
  return formatProfiles[pieceIndex % formatProfiles.length]!;
}

const labels: Record<StemPart, string> = {
  drums: 'Drums & Percussion',
  bass: 'Bass',
  guitar: 'Guitars',
  keys: 'Keys & Piano',
  lead: 'Lead Melody',
  vocals: 'Vocals (Choir)',
  other: 'Other Instruments',
};

/** Numbered names with unicode, each still holding the English word the instrument match reads. */
const numbered: Record<StemPart, string> = {
  drums: 'Drums – Schlagzeug',
  bass: 'Bass – Basse',
  guitar: 'Guitar – Gitarre',
  keys: 'Keys – Clavier',
  lead: 'Lead – Mélodie',
  vocals: 'Vocals – Chœur',
  other: 'Other – Übrige',
};

/** A stem's file name: the part as `drums.mp3`, `Keys & Piano.ogg` or `04 Keys – Clavier.flac`. */
export function stemFileName(part: StemPart, position: number, style: NameStyle, format: AudioFormat): string {
  const name = style === 'plain' ? part : style === 'labelled' ? labels[part] : `${String(position + 1).padStart(2, '0')} ${numbered[part]}`;
  return `${name}.${format}`;
}

export function encodingOf(profile: FormatProfile, position: number): StemEncoding {
  return profile.encodings[position % profile.encodings.length]!;
}
