/**
 * The textbook key baseline: Krumhansl and Kessler's probe-tone profiles correlated (Pearson) with
 * the whole song's chroma, the best of the 24 rotations (Krumhansl-Schmuckler).
 */
const majorProfile = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const minorProfile = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
/** Tonic names as song keys spell them (`Eb major`, `C# minor`). */
const majorTonics = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const minorTonics = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B'];

function pearson(a: readonly number[], b: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    cov += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return va === 0 || vb === 0 ? 0 : cov / Math.sqrt(va * vb);
}

/** The key (`A minor`) whose profile best correlates with `chroma` (12 values, C first), null for silence. */
export function profileKey(chroma: ArrayLike<number>): string | null {
  const values = Array.from(chroma);
  if (values.every((value) => value === 0)) return null;
  let best: string | null = null;
  let bestScore = -Infinity;
  for (let tonic = 0; tonic < 12; tonic++) {
    const rotated = values.map((_, i) => values[(i + tonic) % 12]!);
    for (const [profile, name] of [
      [majorProfile, `${majorTonics[tonic]} major`],
      [minorProfile, `${minorTonics[tonic]} minor`],
    ] as const) {
      const score = pearson(rotated, profile);
      if (score > bestScore) {
        bestScore = score;
        best = name;
      }
    }
  }
  return best;
}
