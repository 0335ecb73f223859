import { mp3, mp3Frames } from './real-world-audio';

/** LAME's encoder delay in samples: what it puts before the first input sample. */
export const lameEncoderDelay = 576;

/**
 * An MP3 as the LAME command line writes it: LAME's frames behind an Info frame whose frame count
 * and LAME tag (encoder delay, padding after the last sample) say how many samples it plays. The
 * frames are LAME's own (wasm-media-encoders), the Info frame is LAME's layout, filled in here
 * since the WebAssembly build writes none.
 */
export async function gaplessMp3(channels: Float32Array[], sampleRate: 44100 | 48000, kbps: 128 | 320 = 128): Promise<{ file: Buffer; frames: number }> {
  const audio = mp3Frames(await mp3(channels, sampleRate, kbps));
  const samples = channels[0]!.length;
  const padding = audio.length * 1152 - lameEncoderDelay - samples;
  if (padding < 0 || padding > 0xfff) throw new RangeError(`${audio.length} frames cannot hold ${samples} samples after LAME's delay`);
  const first = audio[0]!;
  // The Info frame: the first frame's header without its padding byte, its side information zeroed.
  const info = Buffer.alloc(first.length - ((first[2]! >> 1) & 0x1));
  first.copy(info, 0, 0, 4);
  info[1]! |= 0x01; // no CRC
  info[2]! &= ~0x02; // no padding byte
  const mono = first[3]! >> 6 === 3;
  let at = 4 + (mono ? 17 : 32);
  info.write('Info', at, 'latin1');
  info.writeUInt32BE(0x3, at + 4); // flags: the frame count and the byte count
  info.writeUInt32BE(audio.length, at + 8);
  info.writeUInt32BE(info.length + audio.reduce((sum, frame) => sum + frame.length, 0), at + 12);
  at += 16;
  info.write('LAME3.100', at, 'latin1');
  info[at + 9] = 0x01; // tag revision 0, constant bitrate
  info[at + 20] = kbps;
  info[at + 21] = lameEncoderDelay >> 4;
  info[at + 22] = ((lameEncoderDelay & 0xf) << 4) | (padding >> 8);
  info[at + 23] = padding & 0xff;
  return { file: Buffer.concat([info, ...audio]), frames: audio.length };
}
