/** An Info frame declaring LAME's delay and padding, so decoders drop them rather than play silence. */
import { type Mp3FrameHeader, readMp3FrameHeader } from '../../../../contract/mp3-frame-header';

/** LAME's encoder delay in samples. */
const LAME_ENCODER_DELAY = 576;

/** Every frame of an MPEG audio stream that starts with a frame and holds nothing else. */
function frameHeaders(stream: Uint8Array): Mp3FrameHeader[] {
  const headers: Mp3FrameHeader[] = [];
  for (let offset = 0; offset < stream.length; ) {
    const header = readMp3FrameHeader(stream, offset);
    if (!header) throw new Error(`no MPEG layer III frame at byte ${offset} of ${stream.length}`);
    headers.push(header);
    offset += header.bytes;
  }
  return headers;
}

/** CRC-16 with polynomial 0x8005, reflected, from 0: the checksum the LAME tag carries twice. */
function crc16(bytes: Uint8Array, crc = 0): number {
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const XING_FLAGS = 0x0f;
const XING_BYTES = 4 + 4 + 4 + 4 + 100 + 4;
const LAME_TAG_BYTES = 36;

/** `stream` with an Info frame in front, on the first frame's header (so its bitrate). */
export function withInfoFrame(stream: Uint8Array, input: { samples: number; sampleRate: number }): Uint8Array {
  const headers = frameHeaders(stream);
  const first = headers[0];
  if (!first) throw new RangeError('an MP3 stream without frames has nothing to declare');
  const samples = Math.round((input.samples * first.sampleRate) / input.sampleRate);
  const padding = headers.length * first.samplesPerFrame - LAME_ENCODER_DELAY - samples;
  if (padding < 0 || padding > 0xfff) throw new RangeError(`${headers.length} frames cannot hold ${samples} samples after the encoder's delay`);
  const size = first.bytes - ((stream[2]! >> 1) & 0x1);
  const xingAt = 4 + first.sideInfoBytes;
  const lameAt = xingAt + XING_BYTES;
  if (lameAt + LAME_TAG_BYTES > size) throw new RangeError(`a frame of ${size} bytes cannot hold the Info tag`);

  const frame = new Uint8Array(size);
  const view = new DataView(frame.buffer);
  // The first frame's header, with no CRC and no padding byte (this frame's size is `size`).
  frame.set(stream.subarray(0, 4));
  frame[1]! |= 0x01;
  frame[2]! &= ~0x02;
  frame.set([0x49, 0x6e, 0x66, 0x6f], xingAt); // "Info": the Xing tag of a constant-bitrate file
  view.setUint32(xingAt + 4, XING_FLAGS);
  view.setUint32(xingAt + 8, headers.length);
  view.setUint32(xingAt + 12, size + stream.length);
  // The seek table: for a constant bitrate, byte position is proportional to time.
  for (let index = 0; index < 100; index++) frame[xingAt + 16 + index] = Math.floor((index * 256) / 100);
  view.setUint32(xingAt + 116, 0); // quality: not given

  frame.set(new TextEncoder().encode('LAME3.100'), lameAt);
  frame[lameAt + 9] = 0x01; // tag revision 0, constant bitrate
  frame[lameAt + 20] = Math.min(255, first.bitrateKbps);
  frame[lameAt + 21] = LAME_ENCODER_DELAY >> 4;
  frame[lameAt + 22] = ((LAME_ENCODER_DELAY & 0xf) << 4) | (padding >> 8);
  frame[lameAt + 23] = padding & 0xff;
  // Source sample rate: 0 up to 32 kHz, 1 for 44.1 kHz, 2 for 48 kHz, 3 above.
  frame[lameAt + 24] = (first.sampleRate <= 32_000 ? 0 : first.sampleRate === 44_100 ? 1 : first.sampleRate === 48_000 ? 2 : 3) << 6;
  view.setUint32(lameAt + 28, size + stream.length);
  view.setUint16(lameAt + 32, crc16(stream));
  view.setUint16(lameAt + 34, crc16(frame.subarray(0, lameAt + 34)));

  const out = new Uint8Array(size + stream.length);
  out.set(frame);
  out.set(stream, size);
  return out;
}
