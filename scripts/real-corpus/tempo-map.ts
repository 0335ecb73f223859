/** Tempo, metre and key from a MIDI timeline's meta events: the ground truth a MIDI file states outright. */
import type { MidiTimeline } from './midi-timeline';

export interface TempoChange {
  tick: number;
  seconds: number;
  bpm: number;
}

export interface MetreChange {
  tick: number;
  seconds: number;
  numerator: number;
  denominator: number;
}

export interface KeyChange {
  tick: number;
  seconds: number;
  key: string;
}

export interface TempoMap {
  ticksPerBeat: number;
  /** Always starts at tick 0 (120 BPM when the file sets no tempo there, as the MIDI standard says). */
  tempos: TempoChange[];
  metres: MetreChange[];
  keys: KeyChange[];
  secondsAt(tick: number): number;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

const majorTonics = ['Cb', 'Gb', 'Db', 'Ab', 'Eb', 'Bb', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#'];
const minorTonics = ['Ab', 'Eb', 'Bb', 'F', 'C', 'G', 'D', 'A', 'E', 'B', 'F#', 'C#', 'G#', 'D#', 'A#'];

/** A key-signature event (sharps positive, flats negative; scale 1 = minor) as song.json spells keys. */
export function keyName(sharps: number, scale: number): string | undefined {
  const tonic = (scale === 1 ? minorTonics : majorTonics)[sharps + 7];
  return tonic === undefined ? undefined : `${tonic} ${scale === 1 ? 'minor' : 'major'}`;
}

export function tempoMap(timeline: MidiTimeline): TempoMap {
  const { ticksPerBeat } = timeline;
  const raw: { tick: number; microsecondsPerBeat: number }[] = [];
  for (const { tick, event } of timeline.events) {
    if (event.type !== 'setTempo') continue;
    // Several tempo events on one tick: the last one played wins.
    if (raw.at(-1)?.tick === tick) raw.pop();
    raw.push({ tick, microsecondsPerBeat: event.microsecondsPerBeat });
  }
  if (raw[0]?.tick !== 0) raw.unshift({ tick: 0, microsecondsPerBeat: 500_000 });
  const tempos: TempoChange[] = [];
  let seconds = 0;
  raw.forEach((change, index) => {
    const previous = raw[index - 1];
    if (previous) seconds += ((change.tick - previous.tick) * previous.microsecondsPerBeat) / 1e6 / ticksPerBeat;
    const bpm = 60_000_000 / change.microsecondsPerBeat;
    // An event that restates the tempo is no change.
    if (tempos.length > 0 && Math.abs(tempos.at(-1)!.bpm - round(bpm)) < 1e-9) return;
    tempos.push({ tick: change.tick, seconds: round(seconds, 6), bpm: round(bpm) });
  });
  const exact = raw.map((change, index) => ({ ...change, seconds: secondsBefore(raw, index, ticksPerBeat) }));
  const secondsAt = (tick: number) => {
    let segment = exact[0]!;
    for (const change of exact) if (change.tick <= tick) segment = change;
    return segment.seconds + ((tick - segment.tick) * segment.microsecondsPerBeat) / 1e6 / ticksPerBeat;
  };

  const metres: MetreChange[] = [];
  const keys: KeyChange[] = [];
  for (const { tick, event } of timeline.events) {
    if (event.type === 'timeSignature') {
      const change = { tick, seconds: round(secondsAt(tick)), numerator: event.numerator, denominator: event.denominator };
      if (metres.at(-1)?.tick === tick) metres.pop();
      const last = metres.at(-1);
      if (!last || last.numerator !== change.numerator || last.denominator !== change.denominator) metres.push(change);
    } else if (event.type === 'keySignature') {
      const key = keyName(event.key, event.scale);
      if (key === undefined) continue;
      if (keys.at(-1)?.tick === tick) keys.pop();
      if (keys.at(-1)?.key !== key) keys.push({ tick, seconds: round(secondsAt(tick)), key });
    }
  }
  if (metres[0]?.tick !== 0) metres.unshift({ tick: 0, seconds: 0, numerator: 4, denominator: 4 });
  return { ticksPerBeat, tempos, metres, keys, secondsAt };
}

function secondsBefore(raw: readonly { tick: number; microsecondsPerBeat: number }[], index: number, ticksPerBeat: number): number {
  let seconds = 0;
  for (let i = 1; i <= index; i++) seconds += ((raw[i]!.tick - raw[i - 1]!.tick) * raw[i - 1]!.microsecondsPerBeat) / 1e6 / ticksPerBeat;
  return seconds;
}

/** Beat starts in ticks up to `end`: a beat is the metre's denominator note (a quarter in 4/4, an eighth in 6/8). */
export function beatTicks(map: TempoMap, end: number): number[] {
  const beats: number[] = [];
  map.metres.forEach((metre, index) => {
    const until = map.metres[index + 1]?.tick ?? end;
    const step = (map.ticksPerBeat * 4) / metre.denominator;
    for (let tick = metre.tick; tick < until; tick += step) beats.push(Math.round(tick));
  });
  return beats;
}

/** The tempo that lasts longest: what a musician would call the song's BPM. */
export function mainBpm(map: TempoMap, durationSeconds: number): number {
  const lasting = new Map<number, number>();
  map.tempos.forEach((change, index) => {
    const until = map.tempos[index + 1]?.seconds ?? durationSeconds;
    lasting.set(change.bpm, (lasting.get(change.bpm) ?? 0) + Math.max(0, until - change.seconds));
  });
  return [...lasting.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}
