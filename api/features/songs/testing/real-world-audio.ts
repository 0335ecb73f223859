import { closeSync, openSync, writeSync, ftruncateSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { createEncoder } from 'wasm-media-encoders';

/** Audio files as real libraries hold them, made in the test: tagged MP3 and FLAC with cover art, Ogg Vorbis, WAV, and sparse long files. */

/** `seconds` of a quiet sine per channel (each channel its own pitch, so stereo is really stereo). */
export function tone(seconds: number, sampleRate: number, channels: 1 | 2, frequency = 220): Float32Array[] {
  return Array.from({ length: channels }, (_, channel) => {
    const samples = new Float32Array(Math.round(seconds * sampleRate));
    const step = (2 * Math.PI * frequency * (1 + channel / 2)) / sampleRate;
    for (let i = 0; i < samples.length; i++) samples[i] = 0.2 * Math.sin(i * step);
    return samples;
  });
}

const wasm = (name: 'mp3' | 'ogg') => readFileSync(createRequire(import.meta.url).resolve(`wasm-media-encoders/wasm/${name}`));

async function encode(mimeType: 'audio/mpeg' | 'audio/ogg', channels: Float32Array[], sampleRate: number, params: Record<string, number>): Promise<Buffer> {
  const encoder = await createEncoder(mimeType, wasm(mimeType === 'audio/mpeg' ? 'mp3' : 'ogg'));
  encoder.configure({ sampleRate, channels: channels.length as 1 | 2, ...params } as never);
  const parts: Buffer[] = [];
  const chunk = 1152 * 16;
  for (let from = 0; from < channels[0]!.length; from += chunk) parts.push(Buffer.from(encoder.encode(channels.map((samples) => samples.subarray(from, from + chunk)))));
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}

/** A constant-bitrate MP3 at the file's own sample rate. */
export function mp3(channels: Float32Array[], sampleRate: 32000 | 44100 | 48000, kbps: 64 | 128 | 320 = 128): Promise<Buffer> {
  return encode('audio/mpeg', channels, sampleRate, { bitrate: kbps, outputSampleRate: sampleRate });
}

export function oggVorbis(channels: Float32Array[], sampleRate: number): Promise<Buffer> {
  return encode('audio/ogg', channels, sampleRate, { vbrQuality: 2 });
}

/** The MPEG-1 Layer III frames of `file` (after any tag), each as its own buffer. */
export function mp3Frames(file: Buffer): Buffer[] {
  const rates = [44100, 48000, 32000];
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const frames: Buffer[] = [];
  let at = 0;
  while (at + 4 <= file.length) {
    if (file[at] !== 0xff || (file[at + 1]! & 0xfe) !== 0xfa) {
      at += 1;
      continue;
    }
    const length = Math.floor((144_000 * kbps[file[at + 2]! >> 4]!) / rates[(file[at + 2]! >> 2) & 3]!) + ((file[at + 2]! >> 1) & 1);
    frames.push(file.subarray(at, at + length));
    at += length;
  }
  return frames;
}

/** A long constant-bitrate MP3 in no time: a few seconds encoded, its middle frames repeated to `seconds`. */
export async function longMp3(seconds: number, sampleRate: 44100 | 48000, channels: 1 | 2, kbps: 128 | 320): Promise<Buffer> {
  const frames = mp3Frames(await mp3(tone(4, sampleRate, channels), sampleRate, kbps));
  // The first frame may be a Xing/Info frame whose frame count would then be wrong: drop it.
  const audio = frames.slice(1);
  const loop = audio.slice(8, -8);
  const wanted = Math.ceil((seconds * sampleRate) / 1152);
  const out: Buffer[] = audio.slice(0, 8);
  for (let i = 0; out.length < wanted; i++) out.push(loop[i % loop.length]!);
  return Buffer.concat(out);
}

/** An ID3v2.4 tag with a title, an artist and, optionally, front cover art of `coverBytes` bytes. */
export function id3v2Tag(fields: { title: string; artist: string; coverBytes?: number }): Buffer {
  const syncsafe = (value: number) => Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
  const frame = (id: string, body: Buffer) => Buffer.concat([Buffer.from(id, 'latin1'), syncsafe(body.length), Buffer.alloc(2), body]);
  const text = (value: string) => Buffer.concat([Buffer.from([3]), Buffer.from(value, 'utf8')]);
  const frames = [frame('TIT2', text(fields.title)), frame('TPE1', text(fields.artist))];
  if (fields.coverBytes !== undefined) {
    frames.push(frame('APIC', Buffer.concat([Buffer.from([0]), Buffer.from('image/png\0', 'latin1'), Buffer.from([3, 0]), pngLike(fields.coverBytes)])));
  }
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), syncsafe(body.length), body]);
}

/** Bytes that start like a PNG: cover art nobody looks at. */
function pngLike(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0x5a);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

/** A 16-bit PCM WAV of the samples. */
export function wavFile(channels: Float32Array[], sampleRate: number): Buffer {
  const frames = channels[0]!.length;
  const data = Buffer.alloc(frames * channels.length * 2);
  for (let i = 0; i < frames; i++) {
    for (const [channel, samples] of channels.entries()) data.writeInt16LE(Math.round(samples[i]! * 32767), (i * channels.length + channel) * 2);
  }
  return Buffer.concat([wavHeader(data.length, sampleRate, channels.length), data]);
}

function wavHeader(dataBytes: number, sampleRate: number, channels: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A long WAV of silence written sparse (a header, then a hole): gigabytes cost no disk or time. */
export function writeSparseWav(file: string, seconds: number, sampleRate: number, channels: 1 | 2): number {
  const dataBytes = Math.round(seconds * sampleRate) * channels * 2;
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, wavHeader(dataBytes, sampleRate, channels));
    ftruncateSync(fd, 44 + dataBytes);
  } finally {
    closeSync(fd);
  }
  return 44 + dataBytes;
}

/** A 16-bit FLAC with verbatim frames, a VORBIS_COMMENT block with `tags` and optionally a `coverBytes` PICTURE. */
export function flacFile(channels: Float32Array[], sampleRate: number, tags: Record<string, string>, coverBytes?: number): Buffer {
  const blockSize = 4096;
  const total = channels[0]!.length;
  const streamInfo = Buffer.alloc(34);
  streamInfo.writeUInt16BE(blockSize, 0);
  streamInfo.writeUInt16BE(blockSize, 2);
  // Sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36).
  const packed = (BigInt(sampleRate) << 44n) | (BigInt(channels.length - 1) << 41n) | (15n << 36n) | BigInt(total);
  streamInfo.writeBigUInt64BE(packed, 10);

  const comments = Object.entries(tags).map(([key, value]) => Buffer.from(`${key}=${value}`, 'utf8'));
  const vendor = Buffer.from('woodshed test', 'utf8');
  const vorbis = Buffer.concat([le32(vendor.length), vendor, le32(comments.length), ...comments.flatMap((comment) => [le32(comment.length), comment])]);
  const blocks: Array<[number, Buffer]> = [[0, streamInfo], [4, vorbis]];
  if (coverBytes !== undefined) {
    const mime = Buffer.from('image/png', 'latin1');
    blocks.push([6, Buffer.concat([be32(3), be32(mime.length), mime, be32(0), be32(1), be32(1), be32(24), be32(0), be32(coverBytes), pngLike(coverBytes)])]);
  }
  const metadata = blocks.map(([type, body], index) => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(body.length, 0);
    header[0] = (index === blocks.length - 1 ? 0x80 : 0) | type;
    return Buffer.concat([header, body]);
  });

  const frames: Buffer[] = [];
  for (let start = 0, number = 0; start < total; start += blockSize, number++) {
    const size = Math.min(blockSize, total - start);
    const header = Buffer.concat([
      // Sync, fixed block size; block size from the end of the header (16 bits), rate from STREAMINFO; independent channels, 16 bits.
      Buffer.from([0xff, 0xf8, 0x70, ((channels.length - 1) << 4) | 0x08]),
      utf8Number(number),
      Buffer.from([(size - 1) >> 8, (size - 1) & 0xff]),
    ]);
    const withCrc8 = Buffer.concat([header, Buffer.from([crc8(header)])]);
    const subframes = channels.map((samples) => {
      const body = Buffer.alloc(1 + size * 2);
      body[0] = 0x02; // verbatim
      for (let i = 0; i < size; i++) body.writeInt16BE(Math.round(samples[start + i]! * 32767), 1 + i * 2);
      return body;
    });
    const frame = Buffer.concat([withCrc8, ...subframes]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(frame), 0);
    frames.push(frame, crc);
  }
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), ...metadata, ...frames]);
}

function le32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value, 0);
  return buffer;
}

function be32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value, 0);
  return buffer;
}

/** FLAC's frame number: UTF-8's byte pattern on a plain number. */
function utf8Number(value: number): Buffer {
  if (value < 0x80) return Buffer.from([value]);
  if (value < 0x800) return Buffer.from([0xc0 | (value >> 6), 0x80 | (value & 0x3f)]);
  if (value < 0x10000) return Buffer.from([0xe0 | (value >> 12), 0x80 | ((value >> 6) & 0x3f), 0x80 | (value & 0x3f)]);
  return Buffer.from([0xf0 | (value >> 18), 0x80 | ((value >> 12) & 0x3f), 0x80 | ((value >> 6) & 0x3f), 0x80 | (value & 0x3f)]);
}

function crc8(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
