/** One song from plan to folder: what a worker of the pool does, and what a test can call directly. */
import type { SongTruth } from './compose-song';
import { generateSong } from './generate-song';
import type { MixReport } from './mixdown';
import { encodeStems, writeSongFolder } from './song-folder';
import type { SongPlan } from './song-plans';

export interface SongTask {
  /** Position in the library (the truth file keeps this order). */
  index: number;
  plan: SongPlan;
  seed: string;
  songsDir: string;
}

export interface SongTaskResult {
  index: number;
  plan: SongPlan;
  truth: SongTruth;
  levels: MixReport;
  bytes: number;
  synthMs: number;
  encodeMs: number;
}

export async function runSongTask(task: SongTask): Promise<SongTaskResult> {
  const started = performance.now();
  const song = generateSong(task.plan, task.seed);
  const synthesised = performance.now();
  const stems = await encodeStems(song);
  const encoded = performance.now();
  const bytes = await writeSongFolder(task.songsDir, song, stems);
  return { index: task.index, plan: task.plan, truth: song.truth, levels: song.levels, bytes, synthMs: Math.round(synthesised - started), encodeMs: Math.round(encoded - synthesised) };
}
