import decodeWav from '@audio/decode-wav';
import { describe, expect, it } from 'vitest';
import { encodeWav, toPcm16 } from './wav-encode';

/** A deterministic signal per channel: tones plus a ramp over full scale, with clipping on purpose. */
function signal(channels: number, frames: number): Float32Array[] {
  return Array.from({ length: channels }, (_, channel) =>
    Float32Array.from({ length: frames }, (_, frame) => 1.1 * Math.sin((2 * Math.PI * (220 + 110 * channel) * frame) / 44_100) * (frame / frames) - 0.05 * channel),
  );
}

function ascii(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

describe('encodeWav', () => {
  it('writes a 16-bit stereo RIFF header every player reads', () => {
    const bytes = encodeWav(signal(2, 1000), 44_100, 'pcm16');
    const view = new DataView(bytes.buffer);
    expect([ascii(bytes, 0), ascii(bytes, 8), ascii(bytes, 12), ascii(bytes, 36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(44_100);
    expect(view.getUint32(28, true)).toBe(44_100 * 4);
    expect(view.getUint16(32, true)).toBe(4);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(4000);
    expect(bytes.length).toBe(44 + 4000);
  });

  it.each([1, 2, 3, 6])('16-bit, %d channels: decodes to every sample within half a step, interleaved in order', (channelCount) => {
    const input = signal(channelCount, 5000);
    const decoded = decodeWav(encodeWav(input, 48_000, 'pcm16'));
    expect(decoded.sampleRate).toBe(48_000);
    expect(decoded.channelData).toHaveLength(channelCount);
    for (let channel = 0; channel < channelCount; channel++) {
      const out = decoded.channelData[channel]!;
      expect(out).toHaveLength(5000);
      let worst = 0;
      for (let frame = 0; frame < 5000; frame++) {
        const expected = Math.max(-1, Math.min(1, input[channel]![frame]!));
        worst = Math.max(worst, Math.abs(out[frame]! - expected) * 32768);
      }
      expect(worst).toBeLessThanOrEqual(0.5 + 1e-6);
    }
  });

  it.each([1, 2, 5])('32-bit float, %d channels: decodes to exactly the same samples (EXTENSIBLE with a fact chunk)', (channelCount) => {
    const input = signal(channelCount, 3000);
    const bytes = encodeWav(input, 44_100, 'float32');
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(20, true)).toBe(0xfffe);
    expect(view.getUint16(44, true)).toBe(3); // IEEE float subformat
    expect(ascii(bytes, 60)).toBe('fact');
    expect(view.getUint32(68, true)).toBe(3000);
    const decoded = decodeWav(bytes);
    expect(decoded.channelData.map((channel) => Array.from(channel))).toEqual(input.map((channel) => Array.from(channel)));
  });

  it('maps full scale and beyond to the end codes, and reports progress to 1', () => {
    expect([toPcm16(-2), toPcm16(-1), toPcm16(0), toPcm16(1), toPcm16(7), toPcm16(Number.NaN)]).toEqual([-32768, -32768, 0, 32767, 32767, 0]);
    const fractions: number[] = [];
    encodeWav(signal(1, 200_000), 44_100, 'pcm16', (fraction) => fractions.push(fraction));
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions.at(-1)).toBe(1);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
  });

  it('refuses channels of different lengths and no channels', () => {
    expect(() => encodeWav([], 44_100, 'pcm16')).toThrow(RangeError);
    expect(() => encodeWav([new Float32Array(2), new Float32Array(3)], 44_100, 'pcm16')).toThrow(RangeError);
  });
});
