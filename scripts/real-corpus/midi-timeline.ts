/** A MIDI file as one timeline: every event with its absolute tick and track, in playing order. */
import { type MidiData, type MidiEvent, parseMidi, writeMidi } from 'midi-file';

export interface TimedEvent {
  tick: number;
  track: number;
  event: MidiEvent;
}

export interface MidiTimeline {
  ticksPerBeat: number;
  trackCount: number;
  /** Sorted by tick; events of one tick keep their track order, then their order in the track. */
  events: TimedEvent[];
}

export function readMidi(bytes: Uint8Array): MidiTimeline {
  const data = parseMidi(bytes);
  if (data.header.ticksPerBeat === undefined) throw new RangeError('SMPTE-timed MIDI files are not supported (no ticks per beat)');
  return timelineOf(data);
}

export function timelineOf(data: MidiData): MidiTimeline {
  const events: TimedEvent[] = [];
  data.tracks.forEach((track, index) => {
    let tick = 0;
    for (const event of track) {
      tick += event.deltaTime;
      events.push({ tick, track: index, event });
    }
  });
  // A stable sort: ties keep track order, then order inside the track, as a player merges them.
  events.sort((a, b) => a.tick - b.tick || a.track - b.track);
  return { ticksPerBeat: data.header.ticksPerBeat ?? 480, trackCount: data.tracks.length, events };
}

/** A format-1 file with the timeline's tracks; each track ends with its own end-of-track event. */
export function writeTimeline(timeline: MidiTimeline): Uint8Array {
  const tracks: MidiEvent[][] = Array.from({ length: timeline.trackCount }, () => []);
  const lastTick = new Array<number>(timeline.trackCount).fill(0);
  for (const { tick, track, event } of timeline.events) {
    tracks[track]!.push({ ...event, deltaTime: tick - lastTick[track]! } as MidiEvent);
    lastTick[track] = tick;
  }
  const data: MidiData = { header: { format: 1, numTracks: tracks.length, ticksPerBeat: timeline.ticksPerBeat }, tracks };
  return Uint8Array.from(writeMidi(data));
}

/** Note-on with velocity 0 is a note-off by the MIDI standard. */
export function isNoteOn(event: MidiEvent): event is Extract<MidiEvent, { type: 'noteOn' }> {
  return event.type === 'noteOn' && event.velocity > 0;
}

export function isNoteOff(event: MidiEvent): event is Extract<MidiEvent, { type: 'noteOn' | 'noteOff' }> {
  return event.type === 'noteOff' || (event.type === 'noteOn' && event.velocity === 0);
}

/** The tick of the timeline's last event (its end-of-track events included). */
export function endTick(timeline: MidiTimeline): number {
  return timeline.events.reduce((last, item) => Math.max(last, item.tick), 0);
}
