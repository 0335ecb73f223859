import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppDependencies } from '../../api/app-dependencies';
import { demoLibraryUnfinished, markDemoLibraryFinished, markDemoLibraryStarted } from '../../api/features/songs/demo-library-mark';
import { generateDemoLibrary } from '../demo-library/generate-library';
import { libraryProgress } from '../demo-library/library-progress';
import { defaultSongCount } from '../demo-library/song-plans';

/** Whether the songs directory holds no song folder yet (missing, empty, or only "." entries). */
export async function songsDirIsEmpty(songsDir: string): Promise<boolean> {
  try {
    const entries = await readdir(songsDir, { withFileTypes: true });
    return !entries.some((entry) => entry.isDirectory() && !entry.name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Once `npm start` listens: in development synthesise the demo library if needed, then scan. */
export async function prepareSongLibrary(deps: AppDependencies, logger: Logger): Promise<void> {
  const { songsDir, dataDir, nodeEnv } = deps.config;
  if (nodeEnv === 'development' && ((await songsDirIsEmpty(songsDir)) || (await demoLibraryUnfinished(dataDir)))) {
    logger.info({ songsDir }, `generating the demo library into the songs directory (${defaultSongCount} songs, two to three minutes on two cores)`);
    await markDemoLibraryStarted(dataDir, new Date());
    const progress = libraryProgress(defaultSongCount);
    try {
      const report = await generateDemoLibrary({
        songsDir,
        // Kept outside the library: it holds the answers the analysis is measured against.
        truthPath: path.join(dataDir, 'demo-truth.json'),
        songCount: defaultSongCount,
        seed: 'woodshed',
        onSongDone: (result, done, total) => progress.songDone(result, done, total),
      });
      await markDemoLibraryFinished(dataDir);
      logger.info({ songs: report.songs.length, seconds: Math.round(report.seconds) }, 'demo library generated');
    } finally {
      progress.stop();
    }
  }
  const scan = await deps.caches.songScanner.run({ state: { requestId: `start-up-scan-${randomUUID()}` } }, null);
  const { summary, problems, totalSongs } = scan;
  logger.info({ songsDir, totalSongs, summary, problems: problems.length }, 'song library scanned');
  for (const problem of problems) logger.warn(problem, 'song library problem');
}
