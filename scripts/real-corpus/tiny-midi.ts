/** Tiny MIDI files built in code, for tests: notes as (beat, length, pitch) on a channel. */
import type { MidiEvent } from 'midi-file';
import type { MidiTimeline } from './midi-timeline';

export const tinyTicksPerBeat = 96;

export type TinyEvent =
  | { at: number; note: number; beats: number; channel?: number; velocity?: number; track?: number }
  | { at: number; program: number; channel: number; track?: number }
  | { at: number; bpm: number }
  | { at: number; metre: [number, number] }
  | { at: number; key: number; minor?: boolean }
  | { at: number; lyric: string; track?: number }
  | { at: number; controller: number; value: number; channel: number; track?: number };

/** A timeline of `trackCount` tracks from events placed in beats (quarter notes). */
export function tinyTimeline(events: readonly TinyEvent[], trackCount = 2): MidiTimeline {
  const timed: { tick: number; track: number; event: MidiEvent }[] = [];
  const tick = (beat: number) => Math.round(beat * tinyTicksPerBeat);
  const push = (at: number, event: Record<string, unknown>, track = 0) => timed.push({ tick: tick(at), track, event: { deltaTime: 0, ...event } as MidiEvent });
  for (const item of events) {
    if ('note' in item) {
      const channel = item.channel ?? 0;
      push(item.at, { type: 'noteOn', channel, noteNumber: item.note, velocity: item.velocity ?? 100 }, item.track ?? 1);
      push(item.at + item.beats, { type: 'noteOff', channel, noteNumber: item.note, velocity: 0 }, item.track ?? 1);
    } else if ('program' in item) push(item.at, { type: 'programChange', channel: item.channel, programNumber: item.program }, item.track ?? 1);
    else if ('bpm' in item) push(item.at, { meta: true, type: 'setTempo', microsecondsPerBeat: Math.round(60_000_000 / item.bpm) });
    else if ('metre' in item) push(item.at, { meta: true, type: 'timeSignature', numerator: item.metre[0], denominator: item.metre[1], metronome: 24, thirtyseconds: 8 });
    else if ('key' in item) push(item.at, { meta: true, type: 'keySignature', key: item.key, scale: item.minor ? 1 : 0 });
    else if ('lyric' in item) push(item.at, { meta: true, type: 'lyrics', text: item.lyric }, item.track ?? 0);
    else push(item.at, { type: 'controller', channel: item.channel, controllerType: item.controller, value: item.value }, item.track ?? 1);
  }
  const last = Math.max(0, ...timed.map((item) => item.tick));
  for (let track = 0; track < trackCount; track++) timed.push({ tick: last, track, event: { deltaTime: 0, meta: true, type: 'endOfTrack' } as MidiEvent });
  timed.sort((a, b) => a.tick - b.tick || a.track - b.track);
  return { ticksPerBeat: tinyTicksPerBeat, trackCount, events: timed };
}
