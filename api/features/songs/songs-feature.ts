import type { Feature } from '../../feature';
import { SongScanner } from './song-scan';
import { songsRouter } from './songs-router';

/** The song library: catalogue scan, list and details, plays, stars, edits, lyrics and chords. */
export const songsFeature: Feature = {
  name: 'songs',
  routers: (deps) => [songsRouter(deps, new SongScanner(deps))],
};
