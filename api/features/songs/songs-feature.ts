import type { AppDependencies } from '../../app-dependencies';
import type { Feature } from '../../feature';
import { SongScanner } from './song-scan';
import { songsRouter } from './songs-router';

// Keyed by the event store, which the app and its start-up code share (createApp copies the
// dependencies object itself), so the start-up scan and POST /api/songs/scan are one scanner
// with one progress.
const scanners = new WeakMap<AppDependencies['store'], SongScanner>();

/** The app's one song scanner: what GET /api/songs/scan/progress reports, whoever started the scan. */
export function songScannerOf(deps: AppDependencies): SongScanner {
  let scanner = scanners.get(deps.store);
  if (scanner === undefined) {
    scanner = new SongScanner(deps);
    scanners.set(deps.store, scanner);
  }
  return scanner;
}

/** The song library: catalogue scan, list and details, plays, stars, edits, lyrics and chords. */
export const songsFeature: Feature = {
  name: 'songs',
  routers: (deps) => [songsRouter(deps, songScannerOf(deps))],
};
