/**
 * An AAC-LC M4A as iTunes and FFmpeg lay it out, made box by box: frames of digital silence (the
 * repository has an AAC decoder, not an encoder; FAAD2 decodes these frames, so the file plays),
 * the encoder's priming and padding declared by an edit list, an `iTunSMPB` tag, or both.
 */

/** The raw AAC-LC frame (1024 samples) encoders emit for silence, one channel and two. */
const silentFrames = { 1: [0x21, 0x10, 0x04, 0x60, 0x8c, 0x1c], 2: [0x21, 0x00, 0x49, 0x90, 0x02, 0x19, 0x00, 0x23, 0x80] } as const;
const samplesPerFrame = 1024;
const aacRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000];

export interface SilentM4aOptions {
  /** Samples per channel the file plays. */
  samples: number;
  sampleRate: 44100 | 48000;
  channels: 1 | 2;
  /** The encoder's priming before the first sample (Apple's encoders: 2112). */
  priming: number;
  /** How the priming and padding are declared. */
  gapless: { editList?: { movieTimescale: number }; iTunSmpb?: boolean };
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) => box(type, u32((version << 24) | flags), ...parts);
const descriptor = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag, body.length]), body]);
};
const unityMatrix = Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32));

/** The file, and the media it holds in samples (whole frames: priming, the samples, then padding). */
export function silentM4a(options: SilentM4aOptions): { file: Buffer; mediaSamples: number } {
  const { samples, sampleRate, channels, priming, gapless } = options;
  const frameCount = Math.ceil((priming + samples) / samplesPerFrame);
  const mediaSamples = frameCount * samplesPerFrame;
  const frame = Buffer.from(silentFrames[channels]);
  const rateIndex = aacRates.indexOf(sampleRate);
  // AudioSpecificConfig: AAC-LC (object type 2), the rate's index, the channel configuration.
  const asc = Buffer.from([(2 << 3) | (rateIndex >> 1), ((rateIndex & 1) << 7) | (channels << 3)]);

  const movieTimescale = gapless.editList?.movieTimescale ?? sampleRate;
  const movieDuration = Math.floor((samples * movieTimescale) / sampleRate);
  const esds = fullBox(
    'esds', 0, 0,
    descriptor(0x03, u16(1), Buffer.from([0]),
      descriptor(0x04, Buffer.from([0x40, 0x15, 0, 0, 0]), u32(128_000), u32(128_000), descriptor(0x05, asc)),
      descriptor(0x06, Buffer.from([0x02]))),
  );
  const mp4a = box('mp4a', Buffer.alloc(6), u16(1), Buffer.alloc(8), u16(channels), u16(16), Buffer.alloc(4), u32(sampleRate * 0x10000), esds);
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), mp4a),
    fullBox('stts', 0, 0, u32(1), u32(frameCount), u32(samplesPerFrame)),
    fullBox('stsc', 0, 0, u32(1), u32(1), u32(frameCount), u32(1)),
    fullBox('stsz', 0, 0, u32(0), u32(frameCount), ...Array.from({ length: frameCount }, () => u32(frame.length))),
    // The chunk's offset is patched below, once the boxes before the audio are known.
    fullBox('stco', 0, 0, u32(1), u32(0)),
  );
  const mdia = box(
    'mdia',
    fullBox('mdhd', 0, 0, u32(0), u32(0), u32(sampleRate), u32(mediaSamples), u16(0x55c4), u16(0)),
    fullBox('hdlr', 0, 0, u32(0), Buffer.from('soun', 'latin1'), Buffer.alloc(12), Buffer.from('SoundHandler\0', 'latin1')),
    box('minf', fullBox('smhd', 0, 0, u32(0)), box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))), stbl),
  );
  // One media edit: the samples from past the priming, for as long as they play.
  const edts = gapless.editList ? [box('edts', fullBox('elst', 0, 0, u32(1), u32(movieDuration), u32(priming), u32(0x10000)))] : [];
  const tkhd = fullBox('tkhd', 0, 7, u32(0), u32(0), u32(1), u32(0), u32(movieDuration), Buffer.alloc(8), u16(0), u16(1), u16(0x100), u16(0), unityMatrix, u32(0), u32(0));
  const padding = mediaSamples - priming - samples;
  const smpb = [0, priming, padding].map((value) => value.toString(16).toUpperCase().padStart(8, '0'));
  const smpbText = ` ${smpb.join(' ')} ${samples.toString(16).toUpperCase().padStart(16, '0')}`;
  const udta = gapless.iTunSmpb
    ? [
        box('udta', fullBox('meta', 0, 0,
          fullBox('hdlr', 0, 0, u32(0), Buffer.from('mdir', 'latin1'), Buffer.from('appl', 'latin1'), Buffer.alloc(9)),
          box('ilst', box('----',
            fullBox('mean', 0, 0, Buffer.from('com.apple.iTunes', 'latin1')),
            fullBox('name', 0, 0, Buffer.from('iTunSMPB', 'latin1')),
            box('data', u32(1), u32(0), Buffer.from(smpbText, 'latin1')))))),
      ]
    : [];
  const mvhd = fullBox('mvhd', 0, 0, u32(0), u32(0), u32(movieTimescale), u32(movieDuration), u32(0x10000), u16(0x100), Buffer.alloc(10), unityMatrix, Buffer.alloc(24), u32(2));
  const moov = box('moov', mvhd, box('trak', tkhd, ...edts, mdia), ...udta);

  const ftyp = box('ftyp', Buffer.from('M4A ', 'latin1'), u32(0), Buffer.from('M4A mp42isom', 'latin1'));
  const mdat = box('mdat', ...Array.from({ length: frameCount }, () => frame));
  // As FFmpeg writes without faststart: the audio first, the moov after it.
  const chunkOffset = moov.lastIndexOf(Buffer.from('stco', 'latin1')) + 12;
  moov.writeUInt32BE(ftyp.length + 8, chunkOffset);
  return { file: Buffer.concat([ftyp, mdat, moov]), mediaSamples };
}
