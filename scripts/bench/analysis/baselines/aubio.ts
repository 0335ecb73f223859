/** Debian's aubio (package aubio-tools) on a song's mix: its tempo tool's BPM, its beat tracker's beats, and the tempo they give. */
import { runTool } from '../../../real-corpus/run-tool';

export interface AubioTempo {
  /** What `aubio tempo` answers. */
  bpm: number | null;
  /** What `aubiotrack` (the beat tracker the tempo tool counts) answers, one time a beat. */
  beats: number[];
  /** 60 over the median interval of `beats`. */
  beatsBpm: number | null;
}

/** The tempo of a beat list: 60 over the median interval (a tracker's tempo is the rate of its beats). */
export function tempoOfBeats(beats: readonly number[]): number | null {
  if (beats.length < 3) return null;
  const gaps = beats
    .slice(1)
    .map((beat, i) => beat - beats[i]!)
    .sort((a, b) => a - b);
  const middle = gaps.length / 2;
  const gap = gaps.length % 2 === 1 ? gaps[Math.floor(middle)]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  return gap > 0 ? Math.round((60 / gap) * 10) / 10 : null;
}

/** The lines of a tool's output that are numbers (runTool joins stderr to stdout). */
function numbers(output: string, pattern: RegExp): number[] {
  return output
    .split('\n')
    .map((line) => pattern.exec(line.trim())?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
}

/** `aubio tempo` and `aubiotrack`, both with their defaults, on a WAV file. */
export async function aubioTempo(wav: string): Promise<AubioTempo> {
  const bpm = numbers(await runTool('aubio', ['tempo', '-i', wav]), /^(\d+(?:\.\d+)?) bpm$/)[0];
  const beats = numbers(await runTool('aubiotrack', ['-i', wav]), /^(\d+(?:\.\d+)?)$/);
  return { bpm: bpm !== undefined && bpm > 0 ? bpm : null, beats, beatsBpm: tempoOfBeats(beats) };
}
