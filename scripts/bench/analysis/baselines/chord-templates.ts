/**
 * The textbook chord baseline: beat-synchronous chroma matched against 24 binary major and minor
 * triad templates by cosine, the best template per beat, no smoothing; a beat far quieter than the
 * song is no chord.
 */
const names = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
/** A beat whose chroma sums to less than this share of the song's loudest beat is silence. */
const silentShare = 0.01;

export interface Template {
  name: string;
  vector: Float32Array;
}

/** C, Cm, C#, C#m, ... B, Bm: root, third and fifth at 1, the rest 0, unit length. */
export const triadTemplates: readonly Template[] = names.flatMap((name, root) =>
  [false, true].map((minor) => {
    const vector = new Float32Array(12);
    for (const interval of [0, minor ? 3 : 4, 7]) vector[(root + interval) % 12] = 1 / Math.sqrt(3);
    return { name: `${name}${minor ? 'm' : ''}`, vector };
  }),
);

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < 12; i++) {
    dot += a[i]! * b[i]!;
    norm += a[i]! * a[i]!;
  }
  return norm === 0 ? 0 : dot / Math.sqrt(norm);
}

/** The best template's name per chroma ('N' for a silent one). */
export function templateChords(chromas: readonly Float32Array[]): string[] {
  const energy = (chroma: Float32Array) => chroma.reduce((sum, value) => sum + value, 0);
  const loudest = Math.max(0, ...chromas.map(energy));
  return chromas.map((chroma) => {
    if (loudest === 0 || energy(chroma) < silentShare * loudest) return 'N';
    let best = triadTemplates[0]!;
    let bestScore = -Infinity;
    for (const template of triadTemplates) {
      const score = cosine(chroma, template.vector);
      if (score > bestScore) {
        bestScore = score;
        best = template;
      }
    }
    return best.name;
  });
}
