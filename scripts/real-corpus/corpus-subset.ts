/** A few catalogue pieces cut short, built into a corpus folder: what tests of the app on real music use. */
import { type BuiltPiece, buildPiece } from './build-piece';
import { packageVersions, writeManifest } from './corpus-manifest';
import { pieces } from './pieces';

/** A piece of the catalogue by slug, the place whose format profile it takes, and the seconds it is cut to. */
export interface SubsetPiece {
  slug: string;
  profileIndex: number;
  excerptSeconds: number;
}

/**
 * Builds `subset` into `outDir` (songs/, truth/, manifest.json), one piece after the other; pieces
 * already built there are skipped. The profile index picks the formats (scripts/real-corpus/stem-formats.ts).
 */
export async function buildCorpusSubset(outDir: string, subset: readonly SubsetPiece[]): Promise<BuiltPiece[]> {
  const versions = await packageVersions();
  const built: BuiltPiece[] = [];
  for (const { slug, profileIndex, excerptSeconds } of subset) {
    const piece = pieces.find((candidate) => candidate.slug === slug);
    if (!piece) throw new Error(`No piece ${slug} in the catalogue`);
    built.push(await buildPiece({ ...piece, excerptSeconds }, profileIndex, { outDir, versions }));
  }
  await writeManifest(outDir, built.map((result) => result.truth), versions);
  return built;
}
