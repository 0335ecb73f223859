/**
 * `tsx scripts/real-corpus/build-corpus-subset.ts --out <dir> --pieces <slug>:<profile>:<seconds>,...`: a few
 * catalogue pieces cut short, each in the format profile of that catalogue place, for tests that run
 * the app on real music in a process of their own (the browser tests).
 */
import { resolve } from 'node:path';
import { parseCommandLine } from '../ops/parse-command-line';
import { type SubsetPiece, buildCorpusSubset } from './corpus-subset';

const usage = `Usage: tsx scripts/real-corpus/build-corpus-subset.ts --out <dir> --pieces <slug>:<profile>:<seconds>[,...]
  --out     the corpus folder: songs/, truth/, manifest.json
  --pieces  catalogue slugs (scripts/real-corpus/pieces.ts), the catalogue place whose formats each takes
            (scripts/real-corpus/stem-formats.ts) and the seconds it is cut to (at the next bar line)`;

const { values } = parseCommandLine({ options: { out: { type: 'string' }, pieces: { type: 'string' } } }, usage);
const subset: SubsetPiece[] = (values.pieces ?? '').split(',').filter(Boolean).map((entry) => {
  const [slug = '', profile = '', seconds = ''] = entry.split(':');
  return { slug, profileIndex: Number(profile), excerptSeconds: Number(seconds) };
});
if (values.out === undefined || subset.length === 0 || subset.some((piece) => !piece.slug || !Number.isInteger(piece.profileIndex) || piece.profileIndex < 0 || !(piece.excerptSeconds > 0))) {
  console.error(`--out and --pieces are required, each piece as slug:profile:seconds.\n\n${usage}`);
  process.exit(2);
}

try {
  const started = performance.now();
  const built = await buildCorpusSubset(resolve(values.out), subset);
  console.error(`${built.length} pieces, ${built.reduce((sum, piece) => sum + piece.truth.stems.length, 0)} stems, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
