/** Verses and bridges from small grammars over a theme's words, lines two and four rhyming (choruses are in the plans). */
import type { SeededRandom } from './seeded-random';

export type LyricTheme = 'city' | 'road' | 'home' | 'sea' | 'night' | 'nature' | 'machine' | 'fire';

interface Verb {
  base: string;
  past: string;
  third: string;
}

const verb = (base: string, past: string, third = `${base}s`): Verb => ({ base, past, third });

/** Verbs of moving and shining: "the river rolled along the ...". */
const motionVerbs: readonly Verb[] = [
  verb('walk', 'walked'), verb('drift', 'drifted'), verb('run', 'ran'), verb('wander', 'wandered'), verb('roll', 'rolled'),
  verb('fall', 'fell'), verb('shine', 'shone'), verb('wait', 'waited'), verb('sing', 'sang'), verb('glow', 'glowed'),
  verb('turn', 'turned'), verb('sway', 'swayed'), verb('dance', 'danced'), verb('echo', 'echoed', 'echoes'),
];
/** Verbs that take an object: "I can hear the ...". */
const holdingVerbs: readonly Verb[] = [
  verb('hear', 'heard'), verb('see', 'saw'), verb('feel', 'felt'), verb('hold', 'held'), verb('find', 'found'),
  verb('keep', 'kept'), verb('follow', 'followed'), verb('remember', 'remembered'), verb('carry', 'carried', 'carries'), verb('chase', 'chased'),
];
const leadingVerbs = ['carry', 'take', 'lead', 'call', 'walk', 'pull', 'drive', 'bring'] as const;
const prepositions = ['across', 'along', 'under', 'over', 'through', 'beside', 'into', 'beyond', 'behind', 'above'] as const;
const subjects = ['I', 'we', 'you'] as const;
const modals = ['can', 'could', 'will', 'would'] as const;
const joiners = ['and', 'but', 'so', 'till'] as const;

/** Nouns that rhyme, so a verse can end lines two and four on a pair. */
const rhymeGroups: readonly (readonly string[])[] = [
  ['night', 'light', 'flight', 'kite', 'sight'],
  ['rain', 'lane', 'train', 'chain', 'pane'],
  ['day', 'bay', 'way', 'gray', 'clay'],
  ['fire', 'wire', 'choir', 'spire'],
  ['sky', 'lullaby', 'firefly', 'goodbye'],
  ['ground', 'sound', 'mound', 'crown'],
  ['heart', 'start', 'cart', 'chart'],
  ['sea', 'tree', 'key', 'melody'],
  ['stone', 'bone', 'phone', 'throne'],
  ['street', 'heat', 'beat', 'seat'],
  ['dream', 'stream', 'beam', 'steam'],
  ['door', 'floor', 'shore', 'core'],
  ['glass', 'grass', 'pass', 'brass'],
  ['moon', 'tune', 'afternoon', 'balloon'],
  ['hand', 'band', 'land', 'sand'],
];

const themeWords: Record<LyricTheme, { nouns: readonly string[]; adjectives: readonly string[] }> = {
  city: { nouns: ['corner', 'window', 'subway', 'rooftop', 'siren', 'taxi', 'billboard', 'alley', 'sidewalk', 'tower'], adjectives: ['crowded', 'neon', 'quiet', 'restless', 'midnight', 'electric'] },
  road: { nouns: ['highway', 'engine', 'mile', 'diner', 'mirror', 'border', 'motel', 'signpost', 'tire', 'horizon'], adjectives: ['dusty', 'open', 'endless', 'burning', 'lonesome', 'golden'] },
  home: { nouns: ['kitchen', 'porch', 'table', 'blanket', 'letter', 'candle', 'doorway', 'garden', 'radio', 'picture'], adjectives: ['faded', 'familiar', 'warm', 'little', 'broken', 'Sunday'] },
  sea: { nouns: ['harbor', 'ferry', 'lighthouse', 'anchor', 'sailor', 'wave', 'gull', 'island', 'current', 'pier'], adjectives: ['silver', 'distant', 'salty', 'blue', 'misty', 'quiet'] },
  night: { nouns: ['shadow', 'mirror', 'dancer', 'rhythm', 'signal', 'spotlight', 'heartbeat', 'city', 'river', 'echo'], adjectives: ['neon', 'velvet', 'electric', 'golden', 'hidden', 'shining'] },
  nature: { nouns: ['willow', 'meadow', 'river', 'sparrow', 'mountain', 'orchard', 'valley', 'feather', 'thunder', 'clover'], adjectives: ['gentle', 'wild', 'green', 'golden', 'silent', 'ancient'] },
  machine: { nouns: ['circuit', 'signal', 'engine', 'motor', 'switchboard', 'antenna', 'current', 'lever', 'piston', 'satellite'], adjectives: ['humming', 'shining', 'copper', 'electric', 'restless', 'silver'] },
  fire: { nouns: ['ember', 'forge', 'hammer', 'iron', 'thunder', 'blade', 'furnace', 'ash', 'storm', 'banner'], adjectives: ['burning', 'iron', 'ancient', 'black', 'endless', 'savage'] },
};

export interface SongLyrics {
  /** Each verse's four lines (verse 1, verse 2, ...). */
  verses: string[][];
  chorus: string[];
  bridge: string[];
}

export function writeLyrics(random: SeededRandom, theme: LyricTheme, chorus: readonly string[], verseCount: number): SongLyrics {
  const verses = Array.from({ length: verseCount }, (_, index) => stanza(random.fork(`verse-${index}`), theme, 4));
  return { verses, chorus: [...chorus], bridge: stanza(random.fork('bridge'), theme, 2) };
}

/** Lines with the even ones (2 and 4, or 2 of 2) ending on two words of one rhyme group. */
function stanza(random: SeededRandom, theme: LyricTheme, lines: number): string[] {
  const group = random.pick(rhymeGroups);
  const first = random.int(0, group.length - 1);
  const second = (first + random.int(1, group.length - 1)) % group.length;
  const rhymes = [group[first]!, group[second]!];
  const used = new Set<number>();
  return Array.from({ length: lines }, (_, index) => {
    // Four lines rhyme two with four; a couplet rhymes both.
    const rhymeSlot = lines === 2 ? index : index === 1 ? 0 : index === 3 ? 1 : undefined;
    const ending = rhymeSlot === undefined ? random.pick(themeWords[theme].nouns) : rhymes[rhymeSlot]!;
    let template = random.int(0, templates.length - 1);
    while (used.has(template) && used.size < templates.length) template = (template + 1) % templates.length;
    used.add(template);
    return templates[template]!(random, theme, ending);
  });
}

type Template = (random: SeededRandom, theme: LyricTheme, ending: string) => string;

const templates: readonly Template[] = [
  (r, t, end) => `${cap(r.pick(subjects))} ${r.pick(motionVerbs).past} ${r.pick(prepositions)} the ${r.pick(themeWords[t].adjectives)} ${end}`,
  (r, t, end) => `${cap(r.pick(subjects))} ${r.pick(holdingVerbs).past} the ${r.pick(themeWords[t].nouns)} of the ${end}`,
  (r, t, end) => `Every ${r.pick(themeWords[t].nouns)} ${r.pick(motionVerbs).third} ${r.pick(prepositions)} the ${end}`,
  (r, t, end) => `${cap(r.pick(leadingVerbs))} me ${r.pick(prepositions)} the ${r.pick(themeWords[t].adjectives)} ${end}`,
  (r, t, end) => `${cap(r.pick(joiners))} the ${r.pick(themeWords[t].nouns)} ${r.pick(motionVerbs).past} ${r.pick(prepositions)} the ${end}`,
  (r, t, end) => `${cap(r.pick(subjects))} ${r.pick(modals)} ${r.pick(holdingVerbs).base} the ${r.pick(themeWords[t].adjectives)} ${end}`,
];

function cap(word: string): string {
  return word === 'I' ? word : word[0]!.toUpperCase() + word.slice(1);
}

/** The sung vowel of a word, which the voice's formants follow: its first vowel sound, roughly. */
export type Vowel = 'a' | 'e' | 'i' | 'o' | 'u';

export function vowelOf(word: string): Vowel {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  const digraphs: [RegExp, Vowel][] = [[/^[^aeiouy]*(ee|ea|ie)/, 'i'], [/^[^aeiouy]*(oo|ou|ew)/, 'u'], [/^[^aeiouy]*(ai|ay|ei|ey)/, 'e'], [/^[^aeiouy]*(oa|ow|au|aw)/, 'o'], [/^[^aeiouy]*igh/, 'i']];
  for (const [pattern, vowel] of digraphs) if (pattern.test(letters)) return vowel;
  const single = /[aeiouy]/.exec(letters)?.[0];
  // A short "u" (run, sun) sounds like "a".
  return single === 'e' ? 'e' : single === 'i' || single === 'y' ? 'i' : single === 'o' ? 'o' : single === 'u' ? 'a' : 'a';
}
