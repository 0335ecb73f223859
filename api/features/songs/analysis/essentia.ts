import { createRequire } from 'node:module';

/** An Essentia vector living in WebAssembly memory: freed with `delete()`, never by the garbage collector. */
export interface EssentiaVector {
  size(): number;
  get(index: number): number;
  delete(): void;
}

/** The few essentia.js algorithms the analysis uses (see https://essentia.upf.edu/reference/), typed. */
export interface Essentia {
  arrayToVector(array: Float32Array): EssentiaVector;
  vectorToArray(vector: EssentiaVector): Float32Array;
  RhythmExtractor2013(signal: EssentiaVector, maxTempo: number, method: 'degara' | 'multifeature', minTempo: number): {
    bpm: number;
    ticks: EssentiaVector;
    confidence: number;
    estimates: EssentiaVector;
    bpmIntervals: EssentiaVector;
  };
  OnsetRate(signal: EssentiaVector): { onsets: EssentiaVector; onsetRate: number };
  KeyExtractor(
    audio: EssentiaVector,
    averageDetuningCorrection: boolean,
    frameSize: number,
    hopSize: number,
    hpcpSize: number,
    maxFrequency: number,
    maximumSpectralPeaks: number,
    minFrequency: number,
    pcpThreshold: number,
    profileType: string,
    sampleRate: number,
    spectralPeaksThreshold: number,
    tuningFrequency: number,
    weightType: string,
    windowType: string,
  ): { key: string; scale: string; strength: number };
}

let instance: Essentia | undefined;

/**
 * The essentia.js instance of this thread, created on first use (its WebAssembly module is 2.5 MB
 * of JavaScript). Only the analysis worker calls this: the module installs process-wide
 * `uncaughtException` / `unhandledRejection` handlers that abort, which must never run in the API's thread.
 */
export function essentia(): Essentia {
  if (!instance) {
    const require = createRequire(import.meta.url);
    const { Essentia: EssentiaClass, EssentiaWASM } = require('essentia.js') as {
      Essentia: new (wasm: unknown) => Essentia;
      EssentiaWASM: unknown;
    };
    instance = new EssentiaClass(EssentiaWASM);
  }
  return instance;
}

/** Run `use` with a signal copied into WebAssembly memory, freeing it afterwards. */
export function withVector<T>(signal: Float32Array, use: (vector: EssentiaVector) => T): T {
  const vector = essentia().arrayToVector(signal);
  try {
    return use(vector);
  } finally {
    vector.delete();
  }
}
