/** The drummer: a groove per genre and section, crashes, fills and an ending hit, slightly humanised. */
import type { Arrangement } from '../arrangement';
import { beatsPerBar } from '../arrangement';
import type { SeededRandom } from '../seeded-random';
import type { DrumStyle, PlannedSection } from '../song-plans';
import type { DrumHit, DrumVoice, KitOptions } from '../synth/drums';

/** One bar: a 16-step pattern per voice; X accent, x normal, o soft, g ghost. */
type Groove = Partial<Record<DrumVoice, string>>;

interface DrumStyleSpec {
  kit: KitOptions;
  grooves: Record<PlannedSection, Groove>;
  fill: 'snare' | 'toms' | 'roll' | 'none';
}

const acoustic: KitOptions = { kick: { startHz: 120, endHz: 52, pitchDecay: 0.03, decay: 0.16, click: 0.5, drive: 1.3 }, snareTone: 185, snareDecay: 0.13, hatDecay: 0.045, hatCutoff: 7000 };
const tight: KitOptions = { kick: { startHz: 140, endHz: 58, pitchDecay: 0.022, decay: 0.12, click: 0.9, drive: 1.8 }, snareTone: 200, snareDecay: 0.11, hatDecay: 0.035, hatCutoff: 7500 };
const soft: KitOptions = { kick: { startHz: 100, endHz: 50, pitchDecay: 0.035, decay: 0.2, click: 0.2, drive: 1 }, snareTone: 175, snareDecay: 0.16, hatDecay: 0.05, hatCutoff: 6000 };
const electronic: KitOptions = { kick: { startHz: 150, endHz: 50, pitchDecay: 0.035, decay: 0.24, click: 0.3, drive: 1.6 }, snareTone: 190, snareDecay: 0.12, hatDecay: 0.03, hatCutoff: 8000 };
const eightOhEight: KitOptions = { kick: { startHz: 150, endHz: 47, pitchDecay: 0.04, decay: 0.38, click: 0.15, drive: 1.2 }, snareTone: 180, snareDecay: 0.14, hatDecay: 0.04, hatCutoff: 7500 };

const straightHats = 'x.o.x.o.x.o.x.o.';
const eighthRide = 'X.x.X.x.X.x.X.x.';

const styles: Record<DrumStyle, DrumStyleSpec> = {
  pop: {
    kit: acoustic,
    fill: 'snare',
    grooves: {
      intro: { kick: 'X.......X.......', hat: straightHats },
      verse: { kick: 'X......xX.......', snare: '....X.......X...', hat: straightHats },
      chorus: { kick: 'X.....x.X.x.....', snare: '....X.......X...', hat: 'X.x.X.x.X.x.X.x.', openHat: '..............o.' },
      bridge: { kick: 'X.........X.....', snare: '........X.......', ride: eighthRide },
      outro: { kick: 'X.....x.X.x.....', snare: '....X.......X...', hat: 'X.x.X.x.X.x.X.x.' },
    },
  },
  rock: {
    kit: acoustic,
    fill: 'toms',
    grooves: {
      intro: { kick: 'X.......X.x.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
      verse: { kick: 'X.....x.X.x.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
      chorus: { kick: 'X.x...x.X.x...x.', snare: '....X.......X...', ride: eighthRide },
      bridge: { kick: 'X.......X.......', tomLow: '....x.......x...', tomHigh: '..o.......o.....', ride: eighthRide },
      outro: { kick: 'X.x...x.X.x...x.', snare: '....X.......X...', ride: eighthRide },
    },
  },
  shuffle: {
    kit: soft,
    fill: 'snare',
    grooves: {
      intro: { kick: 'X.......X.......', hat: 'X.x.X.x.X.x.X.x.', snare: '....o.......o...' },
      verse: { kick: 'X.....x.X.......', snare: '....X.....g.X...', hat: 'X.x.X.x.X.x.X.x.' },
      chorus: { kick: 'X.....x.X.....x.', snare: '....X.....g.X...', ride: eighthRide },
      bridge: { kick: 'X.......X.......', snare: '....X.......X...', ride: eighthRide },
      outro: { kick: 'X.....x.X.......', snare: '....X.......X...', ride: eighthRide },
    },
  },
  jazz: {
    kit: soft,
    fill: 'none',
    grooves: {
      intro: { ride: 'X...x.x.X...x.x.', hat: '....o.......o...' },
      verse: { ride: 'X...x.x.X...x.x.', hat: '....o.......o...', kick: 'g...g...g...g...', ghost: '......g.......g.' },
      chorus: { ride: 'X...x.x.X...x.x.', hat: '....x.......x...', kick: 'o...g...g..og...', ghost: '..g...g...g...x.' },
      bridge: { ride: 'X...x.x.X...x.x.', hat: '....o.......o...', kick: 'g...g...g...g...', ghost: '......g.....g...' },
      outro: { ride: 'X...x.x.X...x.x.', hat: '....o.......o...', kick: 'g...g...g...g...' },
    },
  },
  funk: {
    kit: tight,
    fill: 'snare',
    grooves: {
      intro: { kick: 'X.x....x..X.....', hat: 'XgxgXgxgXgxgXgxg' },
      verse: { kick: 'X.x....x..X.....', snare: '....X..g.g..X..g', hat: 'XgxgXgxgXgxgXgxg' },
      chorus: { kick: 'X.x...xX..X...x.', snare: '....X..g.g..X..g', hat: 'XgxgXgxgXgxgXg..', openHat: '..............o.' },
      bridge: { kick: 'X.........X.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.', openHat: '......o.......o.' },
      outro: { kick: 'X.x...xX..X...x.', snare: '....X..g.g..X..g', hat: 'XgxgXgxgXgxgXgxg' },
    },
  },
  country: {
    kit: acoustic,
    fill: 'snare',
    grooves: {
      intro: { kick: 'X.......X.......', rim: '....x.......x...', hat: 'x.o.x.o.x.o.x.o.' },
      verse: { kick: 'X.......X.......', rim: '....x.......x...', hat: 'x.o.x.o.x.o.x.o.' },
      chorus: { kick: 'X.......X.....x.', snare: '....X.......X...', hat: 'X.x.X.x.X.x.X.x.' },
      bridge: { kick: 'X.......X.......', snare: '....x.......x...', ride: eighthRide },
      outro: { kick: 'X.......X.......', snare: '....X.......X...', hat: 'X.x.X.x.X.x.X.x.' },
    },
  },
  folk: {
    kit: soft,
    fill: 'none',
    grooves: {
      intro: { shaker: 'x.o.x.o.x.o.x.o.' },
      verse: { kick: 'X.......o.......', rim: '....o.......o...', shaker: 'x.o.x.o.x.o.x.o.' },
      chorus: { kick: 'X.......X.......', snare: '....o.......o...', hat: 'x.o.x.o.x.o.x.o.' },
      bridge: { kick: 'X...............', shaker: 'x.o.x.o.x.o.x.o.' },
      outro: { kick: 'X.......o.......', rim: '....o.......o...', shaker: 'x.o.x.o.x.o.x.o.' },
    },
  },
  house: {
    kit: electronic,
    fill: 'roll',
    grooves: {
      intro: { kick: 'X...X...X...X...', openHat: '..o...o...o...o.' },
      verse: { kick: 'X...X...X...X...', clap: '....X.......X...', openHat: '..x...x...x...x.', hat: 'g.g.g.g.g.g.g.g.' },
      chorus: { kick: 'X...X...X...X...', clap: '....X.......X...', openHat: '..x...x...x...x.', hat: 'gxgxgxgxgxgxgxgx', shaker: 'x.o.x.o.x.o.x.o.' },
      bridge: { clap: '....x.......x...', hat: 'g.g.g.g.g.g.g.g.', shaker: 'o.o.o.o.o.o.o.o.' },
      outro: { kick: 'X...X...X...X...', clap: '....x.......x...', openHat: '..o...o...o...o.' },
    },
  },
  electronic: {
    kit: electronic,
    fill: 'roll',
    grooves: {
      intro: { kick: 'X...X...X...X...', hat: 'xgxgxgxgxgxgxgxg' },
      verse: { kick: 'X...X...X...X...', snare: '....X.......X...', hat: 'xgxgxgxgxgxgxgxg' },
      chorus: { kick: 'X...X...X...X...', snare: '....X.......X...', clap: '....x.......x...', openHat: '..x...x...x...x.', hat: 'xgxgxgxgxgxgxgxg' },
      bridge: { hat: 'x.x.x.x.x.x.x.x.', shaker: 'gggggggggggggggg' },
      outro: { kick: 'X...X...X...X...', snare: '....X.......X...', hat: 'xgxgxgxgxgxgxgxg' },
    },
  },
  hiphop: {
    kit: eightOhEight,
    fill: 'none',
    grooves: {
      intro: { hat: 'x.x.x.x.x.x.x.x.' },
      verse: { kick: 'X......X..X.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.xgx.' },
      chorus: { kick: 'X......X..X...x.', snare: '....X.......X...', clap: '....o.......o...', hat: 'x.x.x.x.x.xgx.x.', openHat: '..............o.' },
      bridge: { kick: 'X.........X.....', rim: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.' },
      outro: { kick: 'X......X..X.....', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
    },
  },
  metal: {
    kit: tight,
    fill: 'toms',
    grooves: {
      intro: { kick: 'X.x.X.x.X.x.X.x.', snare: '....X.......X...', crash: 'X...............', hat: '....x...x...x...' },
      verse: { kick: 'X.x.X.x.X.x.X.x.', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
      chorus: { kick: 'XxxxXxxxXxxxXxxx', snare: '....X.......X...', ride: eighthRide },
      bridge: { kick: 'X..x..x.X..x..x.', snare: '........X.......', tomLow: '....x...........', ride: 'x...x...x...x...' },
      outro: { kick: 'XxxxXxxxXxxxXxxx', snare: '....X.......X...', ride: eighthRide },
    },
  },
  punk: {
    kit: tight,
    fill: 'snare',
    grooves: {
      intro: { kick: 'X.......X.......', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
      verse: { kick: 'X.....x.X.......', snare: '....X.......X...', hat: 'x.x.x.x.x.x.x.x.' },
      chorus: { kick: 'X...X...X...X...', snare: '..X...X...X...X.', ride: 'x.x.x.x.x.x.x.x.' },
      bridge: { kick: 'X.......X.......', snare: '....X.......X...', ride: eighthRide },
      outro: { kick: 'X...X...X...X...', snare: '..X...X...X...X.', ride: 'x.x.x.x.x.x.x.x.' },
    },
  },
  ambient: {
    kit: soft,
    fill: 'none',
    grooves: {
      intro: { shaker: 'o...o...o...o...' },
      verse: { kick: 'x...............', rim: '........o.......', shaker: 'o.g.o.g.o.g.o.g.' },
      chorus: { kick: 'x.......g.......', snare: '........o.......', shaker: 'o.g.o.g.o.g.o.g.', ride: 'g...g...g...g...' },
      bridge: { shaker: 'o.g.o.g.o.g.o.g.' },
      outro: { kick: 'x...............', shaker: 'o...o...o...o...' },
    },
  },
  grunge: {
    kit: acoustic,
    fill: 'toms',
    grooves: {
      intro: { kick: 'X.......X.......', hat: 'x.x.x.x.x.x.x.x.' },
      verse: { kick: 'X.....x...X.....', snare: '....X.......X...', hat: 'x.o.x.o.x.o.x.o.' },
      chorus: { kick: 'X.x...x.X.x.....', snare: '....X.......X...', ride: eighthRide },
      bridge: { kick: 'X.......X..x....', snare: '........X.......', ride: 'x.x.x.x.x.x.x.x.' },
      outro: { kick: 'X.x...x.X.x.....', snare: '....X.......X...', ride: eighthRide },
    },
  },
};

export function kitOptionsFor(style: DrumStyle): KitOptions {
  return styles[style].kit;
}

const stepVelocity: Record<string, number> = { X: 1, x: 0.78, o: 0.55, g: 0.3 };
/** Each voice's level in the kit balance. */
const voiceLevel: Record<DrumVoice, number> = { kick: 1, snare: 0.75, ghost: 0.5, clap: 0.6, rim: 0.45, hat: 0.3, openHat: 0.28, ride: 0.3, crash: 0.42, tomHigh: 0.6, tomLow: 0.65, shaker: 0.3 };

export function drumPart(arrangement: Arrangement, random: SeededRandom): DrumHit[] {
  const spec = styles[arrangement.plan.drums];
  const hits: DrumHit[] = [];
  const add = (beat: number, voice: DrumVoice, velocity: number) => {
    const jitter = voice === 'kick' ? 0 : random.range(-0.004, 0.004);
    hits.push({ time: Math.max(0, arrangement.timeOf(beat) + jitter), voice, velocity: velocity * voiceLevel[voice] * random.range(0.9, 1.05) });
  };
  const lastBarStart = arrangement.totalBeats - beatsPerBar;
  arrangement.sections.forEach((section, sectionIndex) => {
    const groove = spec.grooves[section.type];
    const isLastSection = sectionIndex === arrangement.sections.length - 1;
    for (let barStart = section.startBeat; barStart < section.endBeat; barStart += beatsPerBar) {
      if (barStart >= lastBarStart) {
        // The ending: everything together on one, then let it ring.
        add(barStart, 'kick', 1);
        add(barStart, 'crash', 1);
        continue;
      }
      const fillBar = !isLastSection && barStart + beatsPerBar === section.endBeat && spec.fill !== 'none';
      for (const [voice, pattern] of Object.entries(groove) as [DrumVoice, string][]) {
        for (let step = 0; step < 16; step++) {
          if (fillBar && step >= 8 && voice !== 'kick' && voice !== 'crash') continue;
          const velocity = stepVelocity[pattern[step]!];
          if (velocity !== undefined) add(barStart + step / 4, voice, velocity);
        }
      }
      if (barStart === section.startBeat && section.type !== 'intro' && section.type !== 'verse') add(barStart, 'crash', 1);
      if (fillBar) addFill(spec.fill, barStart, add);
    }
  });
  return hits.sort((a, b) => a.time - b.time);
}

function addFill(kind: DrumStyleSpec['fill'], barStart: number, add: (beat: number, voice: DrumVoice, velocity: number) => void): void {
  if (kind === 'snare') {
    for (const [step, velocity] of [[8, 0.6], [10, 0.7], [12, 0.75], [13, 0.8], [14, 0.9], [15, 1]] as const) add(barStart + step / 4, 'snare', velocity);
  } else if (kind === 'toms') {
    for (const [step, voice] of [[8, 'tomHigh'], [9, 'tomHigh'], [10, 'tomHigh'], [11, 'tomHigh'], [12, 'tomLow'], [13, 'tomLow'], [14, 'tomLow'], [15, 'snare']] as const) add(barStart + step / 4, voice, 0.85);
  } else if (kind === 'roll') {
    for (let step = 8; step < 16; step++) add(barStart + step / 4, 'snare', 0.35 + (step - 8) * 0.08);
  }
}
