export type WavSampleFormat = 'pcm16' | 'float32';

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** The tail of the KSDATAFORMAT_SUBTYPE_* GUIDs after their first two bytes (the format tag). */
const SUBTYPE_GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
/** Frames converted between progress reports: enough that reporting costs nothing. */
const PROGRESS_FRAMES = 1 << 16;

/** A 16-bit code from a float sample, clipped; negatives by 32768, positives by 32767, as decoders invert. */
export function toPcm16(sample: number): number {
  if (!(sample > -1)) return sample <= -1 ? -32768 : 0; // NaN becomes silence
  if (sample >= 1) return 32767;
  return Math.round(sample < 0 ? sample * 32768 : sample * 32767);
}

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let index = 0; index < text.length; index++) view.setUint8(offset + index, text.charCodeAt(index));
}

/** Plain PCM header for mono and stereo 16-bit, which every player reads; else WAVE_FORMAT_EXTENSIBLE. */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number, format: WavSampleFormat, onProgress?: (fraction: number) => void): Uint8Array {
  const channelCount = channels.length;
  if (channelCount < 1 || channelCount > 0xffff) throw new RangeError(`a WAV file holds 1 to 65535 channels, not ${channelCount}`);
  if (!Number.isInteger(sampleRate) || sampleRate < 1) throw new RangeError(`sample rate must be a positive integer, not ${sampleRate}`);
  const frames = channels[0]!.length;
  if (channels.some((channel) => channel.length !== frames)) throw new RangeError('every channel must have the same length');
  const bytesPerSample = format === 'pcm16' ? 2 : 4;
  const blockAlign = channelCount * bytesPerSample;
  const dataBytes = frames * blockAlign;
  const extensible = format === 'float32' || channelCount > 2;
  const fmtBytes = extensible ? 40 : 16;
  const factBytes = format === 'float32' ? 12 : 0;
  const headerBytes = 12 + 8 + fmtBytes + factBytes + 8;
  // RIFF sizes are 32-bit: a file must stay under 4 GiB.
  if (headerBytes + dataBytes - 8 > 0xffffffff) throw new RangeError('the mix is too long for a WAV file (over 4 GiB)');

  const bytes = new Uint8Array(headerBytes + dataBytes);
  const view = new DataView(bytes.buffer);
  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, bytes.length - 8, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, fmtBytes, true);
  const tag = format === 'pcm16' ? WAVE_FORMAT_PCM : WAVE_FORMAT_IEEE_FLOAT;
  view.setUint16(20, extensible ? WAVE_FORMAT_EXTENSIBLE : tag, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bytesPerSample * 8, true);
  let offset = 36;
  if (extensible) {
    view.setUint16(36, 22, true); // cbSize
    view.setUint16(38, bytesPerSample * 8, true); // valid bits per sample
    view.setUint32(40, 0, true); // channel mask: no speaker positions claimed
    view.setUint16(44, tag, true);
    SUBTYPE_GUID_TAIL.forEach((byte, index) => view.setUint8(46 + index, byte));
    offset = 60;
  }
  if (factBytes) {
    writeAscii(view, offset, 'fact');
    view.setUint32(offset + 4, 4, true);
    view.setUint32(offset + 8, frames, true);
    offset += 12;
  }
  writeAscii(view, offset, 'data');
  view.setUint32(offset + 4, dataBytes, true);
  offset += 8;

  for (let start = 0; start < frames; start += PROGRESS_FRAMES) {
    const end = Math.min(frames, start + PROGRESS_FRAMES);
    if (format === 'pcm16') {
      for (let frame = start; frame < end; frame++) {
        for (let channel = 0; channel < channelCount; channel++, offset += 2) view.setInt16(offset, toPcm16(channels[channel]![frame]!), true);
      }
    } else {
      for (let frame = start; frame < end; frame++) {
        for (let channel = 0; channel < channelCount; channel++, offset += 4) view.setFloat32(offset, channels[channel]![frame]!, true);
      }
    }
    onProgress?.(end / frames);
  }
  return bytes;
}
