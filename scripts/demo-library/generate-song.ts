/** One demo song from its plan and the seed, composed and rendered. Pure: the same plan and seed give the same bytes. */
import { type ComposedSong, composeSong } from './compose-song';
import { type RenderedSong, renderSong } from './render-song';
import type { SongPlan } from './song-plans';

export type GeneratedSong = ComposedSong & RenderedSong;

export function generateSong(plan: SongPlan, seed: string): GeneratedSong {
  const composed = composeSong(plan, seed);
  return { ...composed, ...renderSong(composed) };
}
