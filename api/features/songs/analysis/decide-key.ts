import { type MusicalKey, type Triad, keyName, relativeKey } from './chord-names';

/** A window's key as Essentia's key profiles read it, weighted by the window's strength and length. */
export interface KeyVote {
  key: MusicalKey;
  weight: number;
}

/** What ending on a key's tonic chord adds to its score (a whole song on its tonic chord scores 1). */
const endingBonus = 0.1;
/** What a key's share of the profiles' votes adds: enough to break a near tie, not to outvote the harmony. */
const voteWeight = 0.1;

/** The key with its tonic `semitones` up, same mode: 7 is the key a fifth above, 5 a fifth below. */
function fifthAway(key: MusicalKey, semitones: 5 | 7): MusicalKey {
  return { tonic: (key.tonic + semitones) % 12, mode: key.mode };
}

function isTonicChord(triad: Triad | undefined, key: MusicalKey): boolean {
  return triad !== undefined && triad.root === key.tonic && triad.minor === (key.mode === 'minor');
}

/**
 * The song's key: the profiles' vote, then, among the keys profiles confuse it with (its relative,
 * and the keys a fifth either side: a tonic chord with its flat seventh, as blues and folk tunes
 * play it, reads as the key a fifth below), the one the harmony settles on. The longest-sounding
 * tonic chord wins, with a bonus for ending on it, for the bass dwelling on it (`bass`: its share
 * of the bass's chroma per pitch class) and for the profiles' share of votes.
 * `triads` are the song's chords per slot, between consecutive `slots` (seconds).
 */
export function decideKey(
  votes: readonly KeyVote[],
  triads: ReadonlyArray<Triad | undefined>,
  slots: readonly number[],
  bass: readonly number[] | undefined,
): MusicalKey | undefined {
  const totals = new Map<string, { key: MusicalKey; weight: number }>();
  let allVotes = 0;
  for (const vote of votes) {
    const id = keyName(vote.key);
    const entry = totals.get(id) ?? { key: vote.key, weight: 0 };
    entry.weight += vote.weight;
    allVotes += vote.weight;
    totals.set(id, entry);
  }
  const voted = [...totals.values()].sort((a, b) => b.weight - a.weight)[0]?.key;
  if (!voted) return undefined;
  const total = slots.at(-1)! - slots[0]!;
  const lastTriad = triads.findLast((triad) => triad !== undefined);
  const score = (key: MusicalKey) => {
    let seconds = 0;
    triads.forEach((triad, i) => {
      if (isTonicChord(triad, key)) seconds += slots[i + 1]! - slots[i]!;
    });
    const voteShare = allVotes > 0 ? (totals.get(keyName(key))?.weight ?? 0) / allVotes : 0;
    return seconds / total + (isTonicChord(lastTriad, key) ? endingBonus : 0) + (bass?.[key.tonic] ?? 0) + voteWeight * voteShare;
  };
  const candidates = [voted, relativeKey(voted), fifthAway(voted, 7), fifthAway(voted, 5)];
  return candidates.reduce((best, key) => (score(key) > score(best) ? key : best));
}
