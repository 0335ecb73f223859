import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { type GaplessBoxes, gapless } from '@audio/decode-aac';

/**
 * The seconds an M4A plays: its audio track's media less the encoder's priming and padding, as its
 * edit list (one media edit) or else iTunes' `iTunSMPB` tag declares them. The header's length is
 * the whole media, priming and padding included (2112 samples and more with Apple's and FFmpeg's
 * AAC encoders). The rules are the AAC decoder's own (`gapless` of @audio/decode-aac, which the
 * audio analysis decodes with), as browsers honour them too. Undefined without either, or when
 * the file is not one this can read.
 */
export async function readM4aPlayableSeconds(file: string): Promise<number | undefined> {
  const handle = await open(file, 'r');
  try {
    const moov = await readMoov(handle);
    if (moov === undefined) return undefined;
    const track = audioTrack(moov);
    if (track === undefined || !track.mdhd || !track.stts) return undefined;
    const window = gapless(track);
    if (window === null) return undefined;
    const media = sttsSamples(track.stts) / timescaleOf(track.mdhd);
    const seconds = Math.min(window.duration ?? Infinity, media - window.start);
    return Number.isFinite(seconds) && seconds > 0 && seconds <= media ? seconds : undefined;
  } finally {
    await handle.close();
  }
}

/** The largest `moov` read: its sample tables grow with the song (about 1 MB an hour). */
const maxMoovBytes = 64 * 1024 * 1024;

/** Boxes whose bodies are boxes (`meta`: after its version and flags). */
const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'udta', 'meta']);

/** The `moov` box's body, wherever it lies among the top-level boxes (after a large `mdat` too). */
async function readMoov(handle: FileHandle): Promise<Buffer | undefined> {
  const { size } = await handle.stat();
  const header = Buffer.alloc(16);
  for (let at = 0; at + 8 <= size; ) {
    const { bytesRead } = await handle.read(header, 0, 16, at);
    if (bytesRead < 8) return undefined;
    const type = header.toString('latin1', 4, 8);
    let boxSize = header.readUInt32BE(0);
    let bodyAt = at + 8;
    if (boxSize === 1) {
      if (bytesRead < 16) return undefined;
      boxSize = Number(header.readBigUInt64BE(8));
      bodyAt = at + 16;
    } else if (boxSize === 0) boxSize = size - at;
    if (boxSize < bodyAt - at) return undefined;
    if (type === 'moov') {
      const length = Math.min(boxSize - (bodyAt - at), size - bodyAt);
      if (length > maxMoovBytes) return undefined;
      const body = Buffer.alloc(length);
      await handle.read(body, 0, length, bodyAt);
      return body;
    }
    at += boxSize;
  }
  return undefined;
}

type TrackBoxes = GaplessBoxes & { handler?: string };

/** The first sound track's boxes the gapless rules read, with the movie's `mvhd` and `ilst`. */
function audioTrack(moov: Buffer): TrackBoxes | undefined {
  const movie: Pick<GaplessBoxes, 'mvhd' | 'ilst'> = {};
  const tracks: TrackBoxes[] = [];
  walk(moov, (type, body, inTrack) => {
    if (type === 'trak') tracks.push({});
    else if (!inTrack && (type === 'mvhd' || type === 'ilst')) movie[type] = body;
    else if (inTrack && (type === 'elst' || type === 'mdhd' || type === 'stts')) tracks.at(-1)![type] = body;
    else if (inTrack && type === 'hdlr' && body.length >= 12) tracks.at(-1)!.handler = body.toString('latin1', 8, 12);
    else if (inTrack && type === 'stsd') Object.assign(tracks.at(-1)!, codecConfig(body));
  });
  const track = tracks.find((candidate) => candidate.handler === 'soun');
  return track && { ...movie, ...track };
}

function walk(bytes: Buffer, visit: (type: string, body: Buffer, inTrack: boolean) => void, inTrack = false): void {
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size < 8 || at + size > bytes.length) return;
    const body = bytes.subarray(at + 8, at + size);
    visit(type, body, inTrack);
    if (containers.has(type)) walk(type === 'meta' ? body.subarray(4) : body, visit, inTrack || type === 'trak');
    at += size;
  }
}

/** The codec configuration of the track's first sample entry: an AAC's AudioSpecificConfig, an ALAC's cookie. */
function codecConfig(stsd: Buffer): Pick<GaplessBoxes, 'asc' | 'alac'> {
  if (stsd.length < 16) return {};
  const entry = stsd.subarray(8, 8 + stsd.readUInt32BE(8));
  if (entry.length < 36) return {};
  // QuickTime sound descriptions of version 1 and 2 carry 16 and 36 more bytes before the child boxes.
  const version = entry.readUInt16BE(16);
  const children = entry.subarray(36 + (version === 1 ? 16 : version === 2 ? 36 : 0));
  const config: Pick<GaplessBoxes, 'asc' | 'alac'> = {};
  walk(children, (type, body) => {
    if (type === 'esds') {
      const asc = decoderSpecificInfo(body);
      if (asc) config.asc = asc;
    } else if (type === 'alac') config.alac = body;
  });
  return config;
}

/** The DecoderSpecificInfo (tag 5) of an `esds`: the AudioSpecificConfig. */
function decoderSpecificInfo(esds: Buffer): Buffer | undefined {
  let at = 4;
  while (at + 2 <= esds.length) {
    const tag = esds[at++]!;
    let length = 0;
    for (let count = 0; count < 4 && at < esds.length; count++) {
      const byte = esds[at++]!;
      length = (length << 7) | (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    // An ES descriptor's and a decoder config's own fields come before the descriptors inside them.
    if (tag === 0x03) at += 3;
    else if (tag === 0x04) at += 13;
    else if (tag === 0x05) return at + length <= esds.length ? esds.subarray(at, at + length) : undefined;
    else at += length;
  }
  return undefined;
}

function timescaleOf(header: Uint8Array): number {
  return Buffer.from(header.buffer, header.byteOffset, header.byteLength).readUInt32BE(header[0] === 1 ? 20 : 12);
}

function sttsSamples(stts: Uint8Array): number {
  const bytes = Buffer.from(stts.buffer, stts.byteOffset, stts.byteLength);
  let total = 0;
  for (let entry = 0, at = 8; entry < bytes.readUInt32BE(4) && at + 8 <= bytes.length; entry++, at += 8) total += bytes.readUInt32BE(at) * bytes.readUInt32BE(at + 4);
  return total;
}
