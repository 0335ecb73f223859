import type { Feature } from '../../feature';
import { songsRouter } from './songs-router';

/**
 * The song library: catalogue scan, list and details, plays, stars, edits, lyrics and chords. The
 * scanner is the app's (`deps.caches.songScanner`), which the start-up scan uses too, so GET
 * /api/songs/scan/progress reports a scan whoever started it.
 */
export const songsFeature: Feature = {
  name: 'songs',
  routers: (deps) => [songsRouter(deps, deps.caches.songScanner)],
};
