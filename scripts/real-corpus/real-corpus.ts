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
  const built: (BuiltPiece | undefined)[] = new Array(chosen.length);
  const failed: string[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++;
      const piece = chosen[index]!;
      let line: string;
      try {
        const result = await buildPiece(piece, index, { outDir, versions });
        built[index] = result;
        const { truth } = result;
        line = result.skipped
          ? 'already built, skipped'
          : `${Math.round(truth.durationSeconds)} s, ${truth.bpm} BPM, ${truth.stems.length} stems (${truth.formatProfile}), chords from ${truth.chordTruth}, stem sum residual ${truth.stemSum.residualDb} dB, ${(result.bytes / 1048576).toFixed(1)} MB in ${result.seconds.toFixed(1)} s`;
      } catch (error) {
        // One piece that fails (a tool missing, a file changed by an upgrade) does not stop the others.
        failed.push(piece.slug);
        line = `FAILED: ${error instanceof Error ? error.message : String(error)}`;
      }
      done++;
      console.error(`[${done}/${chosen.length}] ${piece.slug}: ${line}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, chosen.length) }, worker));
  const finished = built.filter((result): result is BuiltPiece => result !== undefined);
  await writeManifest(outDir, finished.map((result) => result.truth), versions);
  const bytes = finished.reduce((sum, result) => sum + result.bytes, 0);
  const minutes = finished.reduce((sum, result) => sum + result.truth.durationSeconds, 0) / 60;
  const worst = Math.max(...finished.map((result) => result.truth.stemSum.residualDb));
  console.error(`${finished.length} pieces (${minutes.toFixed(1)} min, ${(bytes / 1048576).toFixed(1)} MB) in ${outDir}; worst stem-sum residual ${worst} dB; ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (failed.length > 0) {
    console.error(`${failed.length} failed: ${failed.join(', ')}`);
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
