/** Walks an MP3 file's Layer III frame headers, so a test can check the stream and its duration without decoding. */

const mpeg1Bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const mpeg2Bitrates = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const mpeg1Rates = [44100, 48000, 32000];

export interface Mp3Summary {
  frames: number;
  sampleRate: number;
  channels: 1 | 2;
  /** Distinct bitrates seen, kbps. */
  bitrates: number[];
  durationSeconds: number;
}

export function scanMp3Frames(bytes: Uint8Array): Mp3Summary {
  let offset = 0;
  // An ID3v2 tag first: "ID3", version, flags, then a 28-bit syncsafe size.
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    offset = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  let frames = 0;
  let samples = 0;
  let rate = 0;
  let channels: 1 | 2 = 2;
  const bitrates = new Set<number>();
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!, b2 = bytes[offset + 2]!, b3 = bytes[offset + 3]!;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new RangeError(`No MP3 frame sync at byte ${offset}`);
    const version = (b1 >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (b1 >> 1) & 3; // 1 = Layer III
    if (version === 1 || layer !== 1) throw new RangeError(`Not an MPEG Layer III frame at byte ${offset}`);
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 3;
    if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) throw new RangeError(`Bad frame header at byte ${offset}`);
    const mpeg1 = version === 3;
    const kbps = (mpeg1 ? mpeg1Bitrates : mpeg2Bitrates)[bitrateIndex]!;
    const frameRate = mpeg1Rates[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((mpeg1 ? 144000 : 72000) * kbps) / frameRate) + padding;
    if (offset + length > bytes.length) break; // a truncated last frame
    if (rate !== 0 && frameRate !== rate) throw new RangeError(`Sample rate changes at byte ${offset}`);
    rate = frameRate;
    channels = (b3 >> 6) === 3 ? 1 : 2;
    bitrates.add(kbps);
    frames++;
    samples += mpeg1 ? 1152 : 576;
    offset += length;
  }
  if (frames === 0) throw new RangeError('No MP3 frames');
  return { frames, sampleRate: rate, channels, bitrates: [...bitrates].sort((a, b) => a - b), durationSeconds: samples / rate };
}
