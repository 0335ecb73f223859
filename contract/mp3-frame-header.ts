/**
 * An MPEG audio Layer III frame header, read from its four bytes: what the scan needs to find a
 * stem's Info tag and what the export needs to write one. Stems and exports cross the wire as MP3,
 * so the server and the client read frames the same way.
 */
export interface Mp3FrameHeader {
  /** MPEG-1, or MPEG-2/2.5: frames of half the samples. */
  mpeg1: boolean;
  sampleRate: number;
  bitrateKbps: number;
  mono: boolean;
  /** The whole frame's length, header included. */
  bytes: number;
  samplesPerFrame: number;
  /** Bytes of side information after the header: where a Xing/Info tag starts. */
  sideInfoBytes: number;
}

const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG1_RATES = [44_100, 48_000, 32_000];

/** The Layer III frame header at `offset`, or undefined when none starts there. */
export function readMp3FrameHeader(bytes: Uint8Array, offset: number): Mp3FrameHeader | undefined {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (bytes[offset + 1]! >> 3) & 0x3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (bytes[offset + 1]! >> 1) & 0x3; // 1: layer III
  const bitrateIndex = bytes[offset + 2]! >> 4;
  const rateIndex = (bytes[offset + 2]! >> 2) & 0x3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const sampleRate = MPEG1_RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const bitrateKbps = (mpeg1 ? MPEG1_KBPS : MPEG2_KBPS)[bitrateIndex]!;
  const padding = (bytes[offset + 2]! >> 1) & 0x1;
  const samplesPerFrame = mpeg1 ? 1152 : 576;
  const mono = bytes[offset + 3]! >> 6 === 3;
  return {
    mpeg1,
    sampleRate,
    bitrateKbps,
    mono,
    bytes: Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding,
    samplesPerFrame,
    sideInfoBytes: mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17,
  };
}
