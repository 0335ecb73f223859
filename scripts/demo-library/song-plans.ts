/** One hand-written plan per genre; everything else is generated from a plan and the seed. */
import type { LyricTheme } from './lyrics';

/** The spec's genre list (section 3, genre colours). */
export const genres = ['Electronic', 'Rock', 'Pop', 'Hip-Hop', 'Rap', 'Jazz', 'Blues', 'Classical', 'Folk', 'Ambient', 'Funk', 'House', 'Grunge', 'Metal', 'Punk', 'Bluegrass', 'Country'] as const;
export type Genre = (typeof genres)[number];

/** The spec's section types (section 3, song section). */
export type SectionType = 'verse' | 'chorus' | 'bridge' | 'intro' | 'outro' | 'break' | 'other';
export type PlannedSection = 'intro' | 'verse' | 'chorus' | 'bridge' | 'outro';

export type DrumStyle = 'pop' | 'rock' | 'shuffle' | 'jazz' | 'funk' | 'country' | 'folk' | 'house' | 'hiphop' | 'metal' | 'punk' | 'ambient' | 'electronic' | 'grunge';
export type BassStyle = 'pop' | 'rock-eighths' | 'boogie' | 'walking' | 'funk' | 'two-beat' | 'folk' | 'house-offbeat' | 'sub-808' | 'metal-gallop' | 'ambient-drone' | 'rolling-synth';
export type BassTone = 'finger' | 'pick' | 'upright' | 'synth' | '808' | 'sine';
export type GuitarStyle = 'strum' | 'power-eighths' | 'boogie-riff' | 'jazz-comp' | 'funk-scratch' | 'boom-chick' | 'fingerpick' | 'muted-pluck' | 'clean-stabs' | 'metal-chug' | 'swells' | 'arp-pluck' | 'grunge-open';
export type KeysStyle = 'piano-pulse' | 'organ-pad' | 'piano-shuffle' | 'jazz-comp' | 'ep-stabs' | 'piano-fills' | 'piano-arpeggio' | 'house-stabs' | 'ep-long' | 'string-pad' | 'synth-pad';
export type VoiceRange = 'low' | 'mid' | 'high';

export interface SongPlan {
  /** Folder name in the songs directory. */
  slug: string;
  title: string;
  genre: Genre;
  genre2?: Genre;
  /** "A minor", "Eb major" (ASCII accidentals). */
  key: string;
  bpm: number;
  difficulty: number;
  /** Where the off-beat falls, 0.5 = straight, 2/3 = triplet shuffle; unit = the note value swung. */
  swing: { ratio: number; unit: 8 | 16 };
  /** Bars of each section; 60-75 s a song, so the first start has the library ready within 2 minutes. */
  bars: Record<PlannedSection, number>;
  /** One entry per bar, cycled over the section; "ii7 V7" splits the bar. Roman numerals relative to the key. */
  progressions: Record<PlannedSection, string[]>;
  drums: DrumStyle;
  bass: { style: BassStyle; tone: BassTone };
  guitar: { style: GuitarStyle; distortion: number };
  keys: KeysStyle;
  voice: VoiceRange;
  lyrics: { theme: LyricTheme; chorus: [string, string, string, string] };
}

export const songPlans: readonly SongPlan[] = [
  {
    slug: 'linden-street-lights', title: 'Linden Street Lights', genre: 'Pop', key: 'G major', bpm: 112, difficulty: 3,
    swing: { ratio: 0.5, unit: 16 },
    bars: { intro: 4, verse: 4, chorus: 4, bridge: 4, outro: 2 },
    progressions: { intro: ['I', 'V'], verse: ['I', 'V', 'vi', 'IV'], chorus: ['IV', 'I', 'V', 'vi'], bridge: ['ii', 'IV', 'vi', 'V'], outro: ['IV', 'I'] },
    drums: 'pop', bass: { style: 'pop', tone: 'finger' }, guitar: { style: 'strum', distortion: 0 }, keys: 'piano-pulse', voice: 'high',
    lyrics: { theme: 'city', chorus: ['Under the Linden Street lights', 'we were younger than the summer', 'hold on, hold on to tonight', 'under the Linden Street lights'] },
  },
  {
    slug: 'gravel-in-the-gears', title: 'Gravel in the Gears', genre: 'Rock', key: 'E minor', bpm: 132, difficulty: 5,
    swing: { ratio: 0.5, unit: 8 },
    bars: { intro: 2, verse: 4, chorus: 8, bridge: 2, outro: 2 },
    progressions: { intro: ['i', 'bVII', 'bVI', 'bVII'], verse: ['i', 'bVII', 'bVI', 'bVII'], chorus: ['i', 'bVI', 'bIII', 'bVII'], bridge: ['iv', 'iv', 'bVI', 'bVII'], outro: ['bVI', 'bVII', 'i', 'i'] },
    drums: 'rock', bass: { style: 'rock-eighths', tone: 'pick' }, guitar: { style: 'power-eighths', distortion: 0.7 }, keys: 'organ-pad', voice: 'mid',
    lyrics: { theme: 'road', chorus: ['There is gravel in the gears', "and the engine's running hot", 'I will drive it through the years', "give it everything I've got"] },
  },
  {
    slug: 'kettle-black-shuffle', title: 'Kettle Black Shuffle', genre: 'Blues', key: 'A major', bpm: 92, difficulty: 4,
    swing: { ratio: 2 / 3, unit: 8 },
    bars: { intro: 2, verse: 4, chorus: 4, bridge: 2, outro: 2 },
    progressions: { intro: ['I7', 'V7'], verse: ['I7', 'IV7', 'I7', 'V7'], chorus: ['IV7', 'IV7', 'I7', 'I7'], bridge: ['V7', 'IV7'], outro: ['V7', 'I7'] },
    drums: 'shuffle', bass: { style: 'boogie', tone: 'finger' }, guitar: { style: 'boogie-riff', distortion: 0.25 }, keys: 'piano-shuffle', voice: 'mid',
    lyrics: { theme: 'home', chorus: ["Kettle's singing on the stove", 'coffee black as Sunday night', 'I got nothing but the blues', 'and a kitchen full of light'] },
  },
  {
    slug: 'blue-hour-at-the-ferry', title: 'Blue Hour at the Ferry', genre: 'Jazz', genre2: 'Blues', key: 'Bb major', bpm: 138, difficulty: 8,
    swing: { ratio: 0.64, unit: 8 },
    bars: { intro: 2, verse: 4, chorus: 8, bridge: 4, outro: 2 },
    progressions: {
      intro: ['ii7', 'V7'],
      verse: ['Imaj7', 'vi7', 'ii7', 'V7'],
      chorus: ['IVmaj7', 'iv7', 'iii7 vi7', 'ii7 V7', 'IVmaj7', 'iv7', 'ii7 V7', 'Imaj7'],
      bridge: ['iii7', 'vi7', 'ii7', 'V7'],
      outro: ['ii7 V7', 'Imaj7'],
    },
    drums: 'jazz', bass: { style: 'walking', tone: 'upright' }, guitar: { style: 'jazz-comp', distortion: 0 }, keys: 'jazz-comp', voice: 'mid',
    lyrics: { theme: 'sea', chorus: ['Meet me at the ferry', 'when the harbor turns to blue', 'every boat is leaving', "but I'm staying here with you"] },
  },
  {
    slug: 'copper-wire-strut', title: 'Copper Wire Strut', genre: 'Funk', key: 'A minor', bpm: 104, difficulty: 7,
    swing: { ratio: 0.54, unit: 16 },
    bars: { intro: 4, verse: 4, chorus: 4, bridge: 2, outro: 2 },
    progressions: { intro: ['i7', 'IV7'], verse: ['i7', 'i7', 'IV7', 'IV7'], chorus: ['bVI7', 'bVII7', 'i7', 'i7'], bridge: ['iv7', 'iv7', 'bVII7', 'bVII7'], outro: ['IV7', 'i7'] },
    drums: 'funk', bass: { style: 'funk', tone: 'finger' }, guitar: { style: 'funk-scratch', distortion: 0 }, keys: 'ep-stabs', voice: 'high',
    lyrics: { theme: 'machine', chorus: ['Copper wire, feel it hum', 'shake it loose and let it run', 'walk that strut across the floor', 'copper wire, give me more'] },
  },
  {
    slug: 'dust-on-the-dashboard', title: 'Dust on the Dashboard', genre: 'Country', genre2: 'Bluegrass', key: 'D major', bpm: 120, difficulty: 4,
    swing: { ratio: 0.5, unit: 8 },
    bars: { intro: 4, verse: 4, chorus: 4, bridge: 4, outro: 4 },
    progressions: { intro: ['I', 'IV', 'I', 'V'], verse: ['I', 'IV', 'I', 'V'], chorus: ['IV', 'I', 'V', 'I'], bridge: ['vi', 'IV', 'I', 'V'], outro: ['V', 'I'] },
    drums: 'country', bass: { style: 'two-beat', tone: 'pick' }, guitar: { style: 'boom-chick', distortion: 0 }, keys: 'piano-fills', voice: 'mid',
    lyrics: { theme: 'road', chorus: ["There's dust on the dashboard", "and a map that I don't need", 'every mile is a promise', 'that the open road will keep'] },
  },
  {
    slug: 'willow-and-the-weathervane', title: 'Willow and the Weathervane', genre: 'Folk', key: 'C major', bpm: 96, difficulty: 2,
    swing: { ratio: 0.5, unit: 8 },
    bars: { intro: 2, verse: 4, chorus: 4, bridge: 2, outro: 2 },
    progressions: { intro: ['I', 'IV'], verse: ['I', 'IV', 'vi', 'V'], chorus: ['IV', 'I', 'ii', 'V'], bridge: ['vi', 'iii', 'IV', 'V'], outro: ['V', 'I'] },
    drums: 'folk', bass: { style: 'folk', tone: 'upright' }, guitar: { style: 'fingerpick', distortion: 0 }, keys: 'piano-arpeggio', voice: 'mid',
    lyrics: { theme: 'nature', chorus: ['Sing it to the willow', 'tell it to the weathervane', 'the wind will find its way home', 'and bring you back again'] },
  },
  {
    slug: 'neon-tidewater', title: 'Neon Tidewater', genre: 'House', key: 'F minor', bpm: 124, difficulty: 3,
    swing: { ratio: 0.5, unit: 16 },
    bars: { intro: 4, verse: 4, chorus: 4, bridge: 4, outro: 4 },
    progressions: { intro: ['i7', 'i7', 'bVImaj7', 'bVImaj7'], verse: ['i7', 'bVImaj7', 'bIII', 'bVII'], chorus: ['bVImaj7', 'bVII', 'i7', 'i7'], bridge: ['iv7', 'iv7', 'bVII', 'bVII'], outro: ['bVImaj7', 'bVII', 'i7', 'i7'] },
    drums: 'house', bass: { style: 'house-offbeat', tone: 'synth' }, guitar: { style: 'muted-pluck', distortion: 0 }, keys: 'house-stabs', voice: 'high',
    lyrics: { theme: 'night', chorus: ['Neon tidewater', 'pulling me under the lights', 'lose it in the rhythm', 'we are dancing through the night'] },
  },
  {
    slug: 'concrete-almanac', title: 'Concrete Almanac', genre: 'Hip-Hop', genre2: 'Rap', key: 'C minor', bpm: 88, difficulty: 4,
    swing: { ratio: 0.58, unit: 16 },
    bars: { intro: 2, verse: 4, chorus: 4, bridge: 2, outro: 2 },
    progressions: { intro: ['i7', 'bVImaj7'], verse: ['i7', 'bVImaj7', 'iv7', 'v7'], chorus: ['bVImaj7', 'bVII', 'i7', 'i7'], bridge: ['iv7', 'bVII', 'bIIImaj7', 'V7'], outro: ['bVImaj7', 'i7'] },
    drums: 'hiphop', bass: { style: 'sub-808', tone: '808' }, guitar: { style: 'clean-stabs', distortion: 0 }, keys: 'ep-long', voice: 'low',
    lyrics: { theme: 'city', chorus: ['Write it in the concrete', 'every season on the block', 'pages in the almanac', 'ticking like a corner clock'] },
  },
  {
    slug: 'iron-orchard', title: 'Iron Orchard', genre: 'Metal', key: 'D minor', bpm: 152, difficulty: 9,
    swing: { ratio: 0.5, unit: 16 },
    bars: { intro: 2, verse: 4, chorus: 8, bridge: 4, outro: 2 },
    progressions: { intro: ['i', 'bVI', 'bVII', 'i'], verse: ['i', 'i', 'bVI', 'bVII'], chorus: ['i', 'bVI', 'bIII', 'bVII', 'i', 'bVI', 'bVII', 'V'], bridge: ['iv', 'iv', 'V', 'V'], outro: ['bVI', 'bVII', 'i', 'i'] },
    drums: 'metal', bass: { style: 'metal-gallop', tone: 'pick' }, guitar: { style: 'metal-chug', distortion: 1 }, keys: 'string-pad', voice: 'low',
    lyrics: { theme: 'fire', chorus: ['In the iron orchard', 'where the silver branches burn', 'we will harvest thunder', 'and the fire will return'] },
  },
  {
    slug: 'bus-fare-rebellion', title: 'Bus Fare Rebellion', genre: 'Punk', key: 'E major', bpm: 168, difficulty: 6,
    swing: { ratio: 0.5, unit: 8 },
    bars: { intro: 2, verse: 8, chorus: 8, bridge: 4, outro: 2 },
    progressions: { intro: ['I', 'I', 'IV', 'V'], verse: ['I', 'IV', 'V', 'IV'], chorus: ['I', 'V', 'vi', 'IV'], bridge: ['IV', 'V', 'IV', 'V'], outro: ['IV', 'V', 'I', 'I'] },
    drums: 'punk', bass: { style: 'rock-eighths', tone: 'pick' }, guitar: { style: 'power-eighths', distortion: 0.85 }, keys: 'organ-pad', voice: 'mid',
    lyrics: { theme: 'city', chorus: ['Two dollars and a reason', "we're not waiting for the bus", "it's a bus fare rebellion", 'and the city belongs to us'] },
  },
  {
    slug: 'glass-harbor', title: 'Glass Harbor', genre: 'Ambient', genre2: 'Classical', key: 'Db major', bpm: 76, difficulty: 1,
    swing: { ratio: 0.5, unit: 8 },
    bars: { intro: 2, verse: 2, chorus: 4, bridge: 2, outro: 2 },
    progressions: { intro: ['Imaj7', 'IVmaj7'], verse: ['Imaj7', 'IVmaj7', 'vi7', 'IVmaj7'], chorus: ['IVmaj7', 'Imaj7', 'vi7', 'V'], bridge: ['ii7', 'V'], outro: ['IVmaj7', 'Imaj7'] },
    drums: 'ambient', bass: { style: 'ambient-drone', tone: 'sine' }, guitar: { style: 'swells', distortion: 0 }, keys: 'synth-pad', voice: 'high',
    lyrics: { theme: 'sea', chorus: ['Glass harbor, quiet water', 'holding all the morning light', 'slowly drifting, slowly drifting', 'glass harbor, quiet water'] },
  },
  {
    slug: 'signal-bloom', title: 'Signal Bloom', genre: 'Electronic', key: 'G minor', bpm: 140, difficulty: 3,
    swing: { ratio: 0.5, unit: 16 },
    bars: { intro: 2, verse: 4, chorus: 8, bridge: 2, outro: 2 },
    progressions: { intro: ['i', 'bIII', 'bVII', 'iv'], verse: ['i', 'bIII', 'bVII', 'iv'], chorus: ['bVI', 'bIII', 'bVII', 'i'], bridge: ['iv', 'bVI', 'bVII', 'bVII'], outro: ['bVI', 'bVII', 'i', 'i'] },
    drums: 'electronic', bass: { style: 'rolling-synth', tone: 'synth' }, guitar: { style: 'arp-pluck', distortion: 0 }, keys: 'synth-pad', voice: 'high',
    lyrics: { theme: 'machine', chorus: ['Watch the signal bloom', 'in a room of flashing blue', 'every pulse is calling', 'I can feel it coming through'] },
  },
  {
    slug: 'rust-colored-sweater', title: 'Rust Colored Sweater', genre: 'Grunge', genre2: 'Rock', key: 'C# minor', bpm: 100, difficulty: 5,
    swing: { ratio: 0.5, unit: 8 },
    bars: { intro: 2, verse: 4, chorus: 4, bridge: 2, outro: 2 },
    progressions: { intro: ['i', 'bVI'], verse: ['i', 'bVI', 'bIII', 'bVII'], chorus: ['bIII', 'bVII', 'bVI', 'bVI'], bridge: ['iv', 'iv', 'bVI', 'V'], outro: ['bVI', 'i'] },
    drums: 'grunge', bass: { style: 'rock-eighths', tone: 'pick' }, guitar: { style: 'grunge-open', distortion: 0.8 }, keys: 'organ-pad', voice: 'low',
    lyrics: { theme: 'home', chorus: ['Rust colored sweater', 'hanging from a broken chair', "I don't feel much better", "but at least I'm halfway there"] },
  },
];

/** The plan cut to ten bars (14 to 32 s), every part still there: for tests and `--short`. */
export function shortPlan(plan: SongPlan): SongPlan {
  return { ...plan, bars: { intro: 1, verse: 2, chorus: 1, bridge: 1, outro: 1 } };
}

/** The library's default size: the first twelve plans, twelve genres. */
export const defaultSongCount = 12;
