/** `npm run real-corpus -- --out <dir> [--pieces N] [--jobs 1]`: song folders of real stems with their ground truth. */
import { resolve } from 'node:path';
import { parseCommandLine } from '../ops/parse-command-line';
import { type BuiltPiece, buildPiece } from './build-piece';
import { packageVersions, writeManifest } from './corpus-manifest';
import { pieces } from './pieces';

const usage = `Usage: npm run real-corpus -- --out <dir> [--pieces ${pieces.length}] [--jobs 1]
  --out     the corpus folder: songs/ (one folder per piece), truth/ (ground truth per piece), manifest.json
  --pieces  build the first N pieces of the catalogue, 1 to ${pieces.length} (default: all)
  --jobs    pieces built at once (default 1)
Needs Debian's fluidsynth, timgm6mb-soundfont, ffmpeg, mma, openttd-openmsx and planetblupi-music-midi:
bash scripts/ensure-audio-tools.sh installs them. Pieces already built are skipped.`;

const { values } = parseCommandLine(
  {
    options: {
      out: { type: 'string' },
      pieces: { type: 'string', default: String(pieces.length) },
      jobs: { type: 'string', default: '1' },
    },
  },
  usage,
);

const count = Number(values.pieces);
const jobs = Number(values.jobs);
if (values.out === undefined || !Number.isInteger(count) || count < 1 || count > pieces.length || !Number.isInteger(jobs) || jobs < 1) {
  console.error(`${values.out === undefined ? '--out is required' : '--pieces takes 1 to ' + pieces.length + ' and --jobs a positive whole number'}.\n\n${usage}`);
  process.exit(2);
}
const outDir = resolve(values.out);

try {
  const started = performance.now();
  const versions = await packageVersions();
  const chosen = pieces.slice(0, count);
  const built: BuiltPiece[] = new Array(chosen.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++;
      const result = await buildPiece(chosen[index]!, index, { outDir, versions });
      built[index] = result;
      done++;
      const { truth } = result;
      const what = result.skipped
        ? 'already built, skipped'
        : `${Math.round(truth.durationSeconds)} s, ${truth.bpm} BPM, ${truth.stems.length} stems (${truth.formatProfile}), chords from ${truth.chordTruth}, stem sum residual ${truth.stemSum.residualDb} dB, ${(result.bytes / 1048576).toFixed(1)} MB in ${result.seconds.toFixed(1)} s`;
      console.error(`[${done}/${chosen.length}] ${truth.slug}: ${what}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, chosen.length) }, worker));
  await writeManifest(outDir, built.map((result) => result.truth), versions);
  const bytes = built.reduce((sum, result) => sum + result.bytes, 0);
  const minutes = built.reduce((sum, result) => sum + result.truth.durationSeconds, 0) / 60;
  const worst = Math.max(...built.map((result) => result.truth.stemSum.residualDb));
  console.error(`${built.length} pieces (${minutes.toFixed(1)} min, ${(bytes / 1048576).toFixed(1)} MB) in ${outDir}; worst stem-sum residual ${worst} dB; ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
