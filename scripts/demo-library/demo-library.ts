/** `npm run demo-library`: synthesise the demo library and its ground truth; the same seed gives the same library. */
import { parseCommandLine } from '../ops/parse-command-line';
import { generateDemoLibrary } from './generate-library';
import { libraryProgress } from './library-progress';
import { defaultSongCount, shortPlan, songPlans } from './song-plans';

const usage = `Usage: npm run demo-library -- [--out ./songs] [--truth ./data/demo-truth.json] [--songs ${defaultSongCount}] [--seed woodshed] [--short]
  --out     the songs directory to write (one folder per song; other folders are left alone)
  --truth   the ground-truth file (bpm, key, chords, sections per song); must be outside --out
  --songs   how many songs, 1 to ${songPlans.length} (default ${defaultSongCount})
  --seed    any text; the same seed gives byte-identical songs
  --short   ten bars a song (14 to 32 s) instead of 60 to 75 s: for tests and benchmarks`;

const { values } = parseCommandLine(
  {
    options: {
      out: { type: 'string', default: './songs' },
      truth: { type: 'string', default: './data/demo-truth.json' },
      songs: { type: 'string', default: String(defaultSongCount) },
      seed: { type: 'string', default: 'woodshed' },
      short: { type: 'boolean', default: false },
    },
  },
  usage,
);

const songCount = Number(values.songs);
if (!Number.isInteger(songCount) || songCount < 1 || songCount > songPlans.length) {
  console.error(`--songs takes a whole number from 1 to ${songPlans.length}, not ${values.songs}.\n\n${usage}`);
  process.exit(2);
}

const progress = libraryProgress(songCount);
try {
  const report = await generateDemoLibrary({
    songsDir: values.out,
    truthPath: values.truth,
    songCount,
    seed: values.seed,
    ...(values.short && { plans: songPlans.map(shortPlan) }),
    onSongDone: (result, done, total) => progress.songDone(result, done, total),
  });
  progress.stop();
  const minutes = report.songs.reduce((sum, song) => sum + song.truth.durationSeconds, 0) / 60;
  console.error(`${report.songs.length} songs (${minutes.toFixed(1)} min of music, ${(report.bytes / 1048576).toFixed(1)} MB) in ${values.out}, ground truth in ${values.truth}, ${report.seconds.toFixed(1)} s.`);
} catch (error) {
  progress.stop();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
