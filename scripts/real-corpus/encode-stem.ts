/** Encodes a float render into a stem file with ffmpeg: gain, rate, channels, codec, tags and cover. */
import type { StemEncoding } from './stem-formats';
import { runTool } from './run-tool';

export interface StemTags {
  title: string;
  artist: string;
  album: string;
  genre: string;
  track: string;
  comment: string;
}

const codecArgs: Record<StemEncoding['format'], readonly string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k', '-id3v2_version', '3'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '5'],
  wav: ['-c:a', 'pcm_s16le'],
  flac: ['-c:a', 'flac', '-sample_fmt', 's16'],
  m4a: ['-c:a', 'aac', '-b:a', '160k'],
};

/** `frames`: the full render's length at the render rate; every stem is padded or cut to it. */
export function encodeArgs(input: string, output: string, encoding: StemEncoding, gain: number, frames: number, tags: StemTags, coverPath?: string): string[] {
  const withCover = encoding.cover && coverPath !== undefined;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', input];
  if (withCover) args.push('-i', coverPath);
  args.push('-map', '0:a');
  if (withCover) args.push('-map', '1:v', '-c:v', 'png', '-disposition:v', 'attached_pic', '-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)');
  // One gain for every stem of a piece keeps their sum the full mix, at -1 dBFS peak; one length
  // (FluidSynth stops a render when its last voice dies away, so stems end at different times).
  args.push('-af', `volume=${gain.toFixed(6)},apad=whole_len=${frames},atrim=end_sample=${frames}`, '-ar', String(encoding.sampleRate), '-ac', String(encoding.channels), ...codecArgs[encoding.format]);
  if (encoding.tags) for (const [key, value] of Object.entries(tags)) args.push('-metadata', `${key}=${value}`);
  // No encoder version or random stream serials in the files: the same input gives the same bytes.
  args.push('-fflags', '+bitexact', '-flags:a', '+bitexact', output);
  return args;
}

export async function encodeStem(input: string, output: string, encoding: StemEncoding, gain: number, frames: number, tags: StemTags, coverPath?: string): Promise<void> {
  await runTool('ffmpeg', encodeArgs(input, output, encoding, gain, frames, tags, coverPath));
}
