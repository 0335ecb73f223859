/** The first bars of a long piece: cut at the first bar line at or after a time, its sounding notes ended there. */
import type { MidiEvent } from 'midi-file';
import { type MidiTimeline, type TimedEvent, endTick, isNoteOff, isNoteOn } from './midi-timeline';
import type { TempoMap } from './tempo-map';

/** The first bar line at or after `seconds` (the piece's end when it is shorter). */
export function barLineAfter(map: TempoMap, seconds: number, end: number): number {
  for (const [index, metre] of map.metres.entries()) {
    const until = map.metres[index + 1]?.tick ?? end;
    const bar = (map.ticksPerBeat * 4 * metre.numerator) / metre.denominator;
    for (let tick = metre.tick; tick < until; tick += bar) if (map.secondsAt(tick) >= seconds) return Math.round(tick);
  }
  return end;
}

export function excerpt(timeline: MidiTimeline, cut: number): MidiTimeline {
  if (cut >= endTick(timeline)) return timeline;
  const kept: TimedEvent[] = [];
  const sounding = new Map<string, { track: number; channel: number; noteNumber: number }[]>();
  for (const item of timeline.events) {
    if (item.tick >= cut) break;
    const { event } = item;
    if (event.type === 'endOfTrack') continue;
    kept.push(item);
    if (isNoteOn(event)) {
      const key = `${event.channel}/${event.noteNumber}`;
      sounding.set(key, [...(sounding.get(key) ?? []), { track: item.track, channel: event.channel, noteNumber: event.noteNumber }]);
    } else if (isNoteOff(event)) sounding.get(`${event.channel}/${event.noteNumber}`)?.shift();
  }
  for (const notes of sounding.values()) {
    for (const note of notes) kept.push({ tick: cut, track: note.track, event: { deltaTime: 0, type: 'noteOff', channel: note.channel, noteNumber: note.noteNumber, velocity: 0 } as MidiEvent });
  }
  for (let track = 0; track < timeline.trackCount; track++) kept.push({ tick: cut, track, event: { deltaTime: 0, meta: true, type: 'endOfTrack' } as MidiEvent });
  kept.sort((a, b) => a.tick - b.tick || a.track - b.track);
  return { ...timeline, events: kept };
}
