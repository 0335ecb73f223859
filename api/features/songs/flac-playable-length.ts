import { open } from 'node:fs/promises';

/**
 * A FLAC's STREAMINFO states its length even when the file was cut short, so the last frame header
 * in the file's tail (frames carry their sample number) tells how far the audio really goes.
 */
export interface FlacLength {
  /** Samples per channel STREAMINFO announces. */
  statedSamples: number;
  /** Samples per channel up to the end of the last frame header found in the file. */
  presentSamples: number;
  sampleRate: number;
}

/** How much of the file's end is searched for the last frame header (frames are a few KB). */
const tailBytes = 256 * 1024;

/** The stated and present length of a FLAC file, or undefined when it is not one this can read. */
export async function readFlacLength(file: string): Promise<FlacLength | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    const info = streamInfo(head);
    if (info === undefined || info.totalSamples === 0) return undefined;
    const start = Math.max(0, size - tailBytes);
    const tail = Buffer.alloc(size - start);
    await handle.read(tail, 0, tail.length, start);
    const presentSamples = lastFrameEnd(tail, info);
    return { statedSamples: info.totalSamples, presentSamples: Math.min(presentSamples, info.totalSamples), sampleRate: info.sampleRate };
  } finally {
    await handle.close();
  }
}

interface StreamInfo {
  minBlockSize: number;
  sampleRate: number;
  totalSamples: number;
}

function streamInfo(head: Buffer): StreamInfo | undefined {
  let offset = 0;
  // An ID3v2 tag in front of the stream (some taggers write one) is skipped.
  if (head.toString('latin1', 0, 3) === 'ID3' && head.length >= 10) {
    offset = 10 + (((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f));
  }
  if (head.length < offset + 4 + 4 + 34 || head.toString('latin1', offset, offset + 4) !== 'fLaC') return undefined;
  const block = offset + 4;
  if ((head[block]! & 0x7f) !== 0) return undefined; // STREAMINFO must come first
  const body = block + 4;
  const packed = head.readBigUInt64BE(body + 10);
  return {
    minBlockSize: head.readUInt16BE(body),
    sampleRate: Number(packed >> 44n),
    totalSamples: Number(packed & 0xfffffffffn),
  };
}

/**
 * The end, in samples, of the CRC-checked frame header lying furthest into the stream (a chance
 * match in audio can then only hide a cut, never invent one). 0 when none is found.
 */
function lastFrameEnd(tail: Buffer, info: StreamInfo): number {
  let furthest = 0;
  for (let at = 0; at + 6 <= tail.length; at++) {
    if (tail[at] !== 0xff || (tail[at + 1]! & 0xfe) !== 0xf8) continue;
    const header = frameHeader(tail, at, info);
    if (header === undefined) continue;
    if (header.firstSample < info.totalSamples) furthest = Math.max(furthest, header.firstSample + header.blockSize);
  }
  return furthest;
}

function frameHeader(bytes: Buffer, at: number, info: StreamInfo): { firstSample: number; blockSize: number } | undefined {
  const variable = (bytes[at + 1]! & 0x01) === 1;
  const blockCode = bytes[at + 2]! >> 4;
  const rateCode = bytes[at + 2]! & 0x0f;
  const channelCode = bytes[at + 3]! >> 4;
  const depthCode = (bytes[at + 3]! >> 1) & 0x07;
  if (blockCode === 0 || rateCode === 0x0f || channelCode > 10 || depthCode === 3 || (bytes[at + 3]! & 0x01) !== 0) return undefined;
  let offset = at + 4;
  const coded = codedNumber(bytes, offset);
  if (coded === undefined) return undefined;
  offset += coded.length;
  let blockSize: number;
  if (blockCode === 1) blockSize = 192;
  else if (blockCode <= 5) blockSize = 576 << (blockCode - 2);
  else if (blockCode === 6) {
    if (offset >= bytes.length) return undefined;
    blockSize = bytes[offset]! + 1;
    offset += 1;
  } else if (blockCode === 7) {
    if (offset + 1 >= bytes.length) return undefined;
    blockSize = bytes.readUInt16BE(offset) + 1;
    offset += 2;
  } else blockSize = 256 << (blockCode - 8);
  if (rateCode === 12) offset += 1;
  else if (rateCode === 13 || rateCode === 14) offset += 2;
  if (offset >= bytes.length || crc8(bytes, at, offset) !== bytes[offset]) return undefined;
  const firstSample = variable ? coded.value : coded.value * info.minBlockSize;
  return { firstSample, blockSize };
}

/** FLAC's frame or sample number: UTF-8's byte pattern, up to 7 bytes (36 bits). */
function codedNumber(bytes: Buffer, at: number): { value: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined) return undefined;
  let extra: number;
  let value: number;
  if (first < 0x80) return { value: first, length: 1 };
  if ((first & 0xe0) === 0xc0) [extra, value] = [1, first & 0x1f];
  else if ((first & 0xf0) === 0xe0) [extra, value] = [2, first & 0x0f];
  else if ((first & 0xf8) === 0xf0) [extra, value] = [3, first & 0x07];
  else if ((first & 0xfc) === 0xf8) [extra, value] = [4, first & 0x03];
  else if ((first & 0xfe) === 0xfc) [extra, value] = [5, first & 0x01];
  else if (first === 0xfe) [extra, value] = [6, 0];
  else return undefined;
  for (let index = 1; index <= extra; index++) {
    const byte = bytes[at + index];
    if (byte === undefined || (byte & 0xc0) !== 0x80) return undefined;
    value = value * 64 + (byte & 0x3f);
  }
  return { value, length: extra + 1 };
}

function crc8(bytes: Buffer, from: number, to: number): number {
  let crc = 0;
  for (let index = from; index < to; index++) {
    crc ^= bytes[index]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}
