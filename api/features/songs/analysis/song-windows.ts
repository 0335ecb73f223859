import path from 'node:path';
import { type AnalysisRate, analysisSampleRate, decodeMono } from './decode-mono';

/** A signal to analyse: the sum of some of the song's stems (the master is the sum of all). */
export interface SignalSpec {
  name: string;
  /** Absolute paths of the stem files summed into this signal. */
  stems: readonly string[];
}

/** A stretch of the song: each signal's samples from `startSeconds`, all of the same length. */
export interface SongWindow {
  startSeconds: number;
  signals: Map<string, Float32Array>;
}

/** Seconds per window: a demo song (up to 75 s) is one window; an 8-minute song is six. */
export const windowSeconds = 90;

/** A stem being decoded, with the samples decoded but not yet taken. */
class StemReader {
  private readonly chunks: AsyncGenerator<Float32Array>;
  private pending: Float32Array = new Float32Array(0);
  ended = false;
  problem: string | undefined;

  constructor(
    readonly file: string,
    sampleRate: AnalysisRate,
  ) {
    this.chunks = decodeMono(file, sampleRate);
  }

  /**
   * Add the next `count` samples into each of `targets` (fewer once the stem has ended: the rest
   * stays silent) and say how many there were; the decoded chunks are added as they are, never
   * copied into a window of their own.
   */
  async addInto(targets: readonly Float32Array[], count: number): Promise<number> {
    let have = 0;
    while (have < count) {
      if (this.pending.length === 0) {
        if (this.ended) break;
        try {
          const next = await this.chunks.next();
          if (next.done) {
            this.ended = true;
            break;
          }
          this.pending = next.value;
        } catch (error) {
          // A stem that stops decoding half-way ends there; the others carry on.
          this.ended = true;
          // System errors end with the absolute path; problems name files relative to the song folder.
          const message = (error instanceof Error ? error.message : String(error)).replace(/, \w+ '[^']*'$/, '');
          this.problem = `${path.basename(this.file)} could not be decoded to the end: ${message}`.slice(0, 300);
          break;
        }
      }
      const part = this.pending.subarray(0, count - have);
      this.pending = this.pending.subarray(part.length);
      for (const target of targets) addAt(target, part, have);
      have += part.length;
    }
    return have;
  }

  async close(): Promise<void> {
    await this.chunks.return(undefined);
  }
}

/**
 * Decode the stems of a song side by side and hand out the signals window by window: at most one
 * window of each signal (plus one stem's decoder buffers) is in memory, whatever the song's length.
 * Stems of different lengths are padded with silence; the song ends with its longest stem.
 */
export async function* songWindows(
  signals: readonly SignalSpec[],
  problems: string[],
  seconds = windowSeconds,
  sampleRate: AnalysisRate = analysisSampleRate,
): AsyncGenerator<SongWindow> {
  const files = [...new Set(signals.flatMap((signal) => signal.stems))];
  const readers = files.map((file) => new StemReader(file, sampleRate));
  const size = Math.round(seconds * sampleRate);
  try {
    for (let start = 0; ; start += size) {
      const mixed = new Map(signals.map((signal) => [signal.name, new Float32Array(size)]));
      let longest = 0;
      for (const reader of readers) {
        if (reader.ended) continue;
        const targets = signals.filter((signal) => signal.stems.includes(reader.file)).map((signal) => mixed.get(signal.name)!);
        longest = Math.max(longest, await reader.addInto(targets, size));
      }
      if (longest === 0) break;
      yield {
        startSeconds: start / sampleRate,
        signals: new Map([...mixed].map(([name, samples]) => [name, samples.subarray(0, longest)])),
      };
      if (longest < size) break;
    }
  } finally {
    for (const reader of readers) {
      if (reader.problem) problems.push(reader.problem);
      await reader.close();
    }
  }
}

/** `target[offset + i] += part[i]` for the whole of `part`. */
function addAt(target: Float32Array, part: Float32Array, offset: number): void {
  for (let i = 0; i < part.length; i++) target[offset + i]! += part[i]!;
}
