import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { type Mp3FrameHeader, readMp3FrameHeader } from '../../../contract/mp3-frame-header';

/**
 * The samples an MP3 plays, from its Xing/Info frame's frame count less the encoder delay and
 * padding its LAME tag declares (the gapless information LAME, FFmpeg and iTunes write). A header's
 * length counts whole frames, so it is about 30 ms longer than what decoders that honour the tag
 * (Chromium's and Firefox's among them) give. Undefined when the file declares no delay and padding.
 */
export interface Mp3PlayableLength {
  samples: number;
  sampleRate: number;
}

/** How far past the ID3v2 tag the first frame is looked for (junk before it, a padded tag). */
const searchBytes = 16 * 1024;

/** Encoders whose Info frame carries LAME's tag layout, delay and padding included (as FFmpeg reads them). */
const gaplessEncoders = ['LAME', 'Lavf', 'Lavc'];

/** {@link readMp3PlayableLength} in seconds. */
export async function readMp3PlayableSeconds(file: string): Promise<number | undefined> {
  const length = await readMp3PlayableLength(file);
  return length && length.samples / length.sampleRate;
}

export async function readMp3PlayableLength(file: string): Promise<Mp3PlayableLength | undefined> {
  const handle = await open(file, 'r');
  try {
    const id3 = await readAt(handle, 0, 10);
    const start = id3.toString('latin1', 0, 3) === 'ID3' && id3.length === 10 ? id3v2End(id3) : 0;
    return playableLength(await readAt(handle, start, searchBytes));
  } finally {
    await handle.close();
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The byte after an ID3v2 tag: its syncsafe size, plus the footer when one is flagged. */
function id3v2End(header: Buffer): number {
  const size = ((header[6]! & 0x7f) << 21) | ((header[7]! & 0x7f) << 14) | ((header[8]! & 0x7f) << 7) | (header[9]! & 0x7f);
  return 10 + size + (header[5]! & 0x10 ? 10 : 0);
}

/** From the first frame: its Info tag's frame count, less the LAME tag's delay and padding. */
function playableLength(bytes: Buffer): Mp3PlayableLength | undefined {
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const header = readMp3FrameHeader(bytes, at);
    if (header === undefined) continue;
    // The first frame found decides: an Info tag is only ever in the first frame.
    return infoTagLength(bytes, at, header);
  }
  return undefined;
}

function infoTagLength(bytes: Buffer, at: number, header: Mp3FrameHeader): Mp3PlayableLength | undefined {
  // The Xing/Info tag starts after the header and the side information.
  let offset = at + 4 + header.sideInfoBytes;
  const tag = bytes.toString('latin1', offset, offset + 4);
  if ((tag !== 'Xing' && tag !== 'Info') || offset + 8 > bytes.length || offset + 8 > at + header.bytes) return undefined;
  const flags = bytes.readUInt32BE(offset + 4);
  offset += 8;
  if ((flags & 0x1) === 0) return undefined; // no frame count
  if (offset + 4 > bytes.length) return undefined;
  const frames = bytes.readUInt32BE(offset);
  offset += 4;
  if (flags & 0x2) offset += 4; // byte count
  if (flags & 0x4) offset += 100; // seek table
  if (flags & 0x8) offset += 4; // quality
  // The LAME tag: 9 bytes of encoder name, then 12 of version and levels, then delay and padding (12 bits each).
  if (offset + 24 > bytes.length || offset + 24 > at + header.bytes) return undefined;
  if (!gaplessEncoders.includes(bytes.toString('latin1', offset, offset + 4))) return undefined;
  const delay = (bytes[offset + 21]! << 4) | (bytes[offset + 22]! >> 4);
  const padding = ((bytes[offset + 22]! & 0x0f) << 8) | bytes[offset + 23]!;
  const stated = frames * header.samplesPerFrame;
  // A tag that would leave nothing (or declares nothing to drop) is not trusted over the frame count.
  if (delay + padding === 0 || delay + padding >= stated) return undefined;
  return { samples: stated - delay - padding, sampleRate: header.sampleRate };
}
