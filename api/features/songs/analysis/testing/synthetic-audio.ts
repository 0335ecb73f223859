/** Short synthetic signals for the analysis tests, written as 16-bit mono WAV. */

/** A RIFF header with the plain 16-byte fmt chunk: `format` 1 is integer PCM, 3 is IEEE float (as FluidSynth writes). */
function wavHeader(format: 1 | 3, channels: number, rate: number, bytesPerSample: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * channels * bytesPerSample, 28);
  header.writeUInt16LE(channels * bytesPerSample, 32);
  header.writeUInt16LE(bytesPerSample * 8, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A 16-bit PCM mono WAV of `samples` (clipped to -1..1). */
export function wavOf(samples: Float32Array, rate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  return Buffer.concat([wavHeader(1, 1, rate, 2, data.length), data]);
}

/** A 32-bit float WAV of interleaved `samples`, as FluidSynth renders. */
export function floatWavOf(samples: Float32Array, rate: number, channels: number): Buffer {
  return Buffer.concat([wavHeader(3, channels, rate, 4, samples.byteLength), Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** A click track: a 25 ms burst of decaying noise on every beat, the first of each bar louder. */
export function clickTrack(bpm: number, seconds: number, rate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  const beat = (60 / bpm) * rate;
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x3fffffff - 1;
  };
  for (let n = 0; n * beat < out.length; n++) {
    const start = Math.round(n * beat);
    const gain = n % 4 === 0 ? 0.9 : 0.6;
    for (let i = 0; i < 0.025 * rate && start + i < out.length; i++) out[start + i] = gain * noise() * Math.exp(-i / (0.006 * rate));
  }
  return out;
}

/** `signal` after `seconds` of silence: a song whose first beat is not at its start. */
export function afterSilence(signal: Float32Array, seconds: number, rate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate) + signal.length);
  out.set(signal, Math.round(seconds * rate));
  return out;
}

/** Frequency of a MIDI note. */
function frequency(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** Sustained notes (MIDI numbers) with a few harmonics, like a soft organ, for `seconds`. */
export function chord(notes: readonly number[], seconds: number, rate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  for (const note of notes) {
    const f = frequency(note);
    for (let harmonic = 1; harmonic <= 4; harmonic++) {
      const step = (2 * Math.PI * f * harmonic) / rate;
      const level = 0.12 / harmonic;
      for (let i = 0; i < out.length; i++) out[i]! += level * Math.sin(step * i);
    }
  }
  return out;
}
