/** Splitting a MIDI arrangement into stem parts by channel and General MIDI program. */
import type { MidiEvent } from 'midi-file';
import { type MidiTimeline, type TimedEvent, isNoteOff, isNoteOn } from './midi-timeline';

/** The stems a piece is split into; `vocals` holds the GM voice programs (choir, voice, synth voice). */
export const stemParts = ['drums', 'bass', 'guitar', 'keys', 'lead', 'vocals', 'other'] as const;
export type StemPart = (typeof stemParts)[number];

/** MIDI channel 10 (index 9) is General MIDI's percussion channel, whatever its program. */
export const drumChannel = 9;

/** The part of a General MIDI program (0-based) played on a melodic channel. */
export function partOfProgram(program: number): StemPart {
  if (program <= 23) return 'keys'; // pianos, chromatic percussion, organs
  if (program <= 31) return 'guitar';
  if (program <= 39) return 'bass';
  if (program >= 52 && program <= 54) return 'vocals'; // choir aahs, voice oohs, synth voice
  if (program >= 56 && program <= 87) return 'lead'; // brass, reeds, pipes, synth leads
  if (program >= 88 && program <= 95) return 'keys'; // synth pads
  return 'other'; // strings and ensembles, synth effects, ethnic, percussive, sound effects
}

export interface PartNotes {
  part: StemPart;
  noteCount: number;
  channels: number[];
  programs: number[];
}

/** Which part every note-on belongs to: the channel's program at that moment of the merged timeline. */
export function assignParts(timeline: MidiTimeline): Map<TimedEvent, StemPart> {
  const program = new Array<number>(16).fill(0);
  const sounding = new Map<string, StemPart[]>();
  const parts = new Map<TimedEvent, StemPart>();
  for (const item of timeline.events) {
    const { event } = item;
    if (event.type === 'programChange') program[event.channel] = event.programNumber;
    else if (isNoteOn(event)) {
      const part = event.channel === drumChannel ? 'drums' : partOfProgram(program[event.channel]!);
      parts.set(item, part);
      const key = `${event.channel}/${event.noteNumber}`;
      sounding.set(key, [...(sounding.get(key) ?? []), part]);
    } else if (isNoteOff(event) || event.type === 'noteAftertouch') {
      // A note ends in the part it started in, even when the program changed while it sounded.
      const key = `${event.channel}/${event.noteNumber}`;
      const started = sounding.get(key);
      if (!started || started.length === 0) continue;
      parts.set(item, started[0]!);
      if (isNoteOff(event)) started.shift();
    }
  }
  return parts;
}

/** The parts that have notes, in stem order, with the channels and programs that play them. */
export function partsPlayed(timeline: MidiTimeline): PartNotes[] {
  const parts = assignParts(timeline);
  const program = new Array<number>(16).fill(0);
  const found = new Map<StemPart, { noteCount: number; channels: Set<number>; programs: Set<number> }>();
  for (const item of timeline.events) {
    const { event } = item;
    if (event.type === 'programChange') program[event.channel] = event.programNumber;
    if (!isNoteOn(event)) continue;
    const part = parts.get(item)!;
    const entry = found.get(part) ?? { noteCount: 0, channels: new Set(), programs: new Set() };
    entry.noteCount++;
    entry.channels.add(event.channel + 1);
    if (event.channel !== drumChannel) entry.programs.add(program[event.channel]!);
    found.set(part, entry);
  }
  return stemParts
    .filter((part) => found.has(part))
    .map((part) => {
      const entry = found.get(part)!;
      return { part, noteCount: entry.noteCount, channels: [...entry.channels].sort((a, b) => a - b), programs: [...entry.programs].sort((a, b) => a - b) };
    });
}

const noteEvents = new Set<MidiEvent['type']>(['noteOn', 'noteOff', 'noteAftertouch']);

/**
 * The timeline with only one part's notes. Everything else stays in every stem: tempo and meta events,
 * system exclusive, program changes, controllers and pitch bends, so each channel's synthesizer state
 * (volume, pan, sustain, reverb send) and the file's length are the full arrangement's, and the
 * stems rendered apart sum to the arrangement rendered whole.
 */
export function partTimeline(timeline: MidiTimeline, part: StemPart, parts: Map<TimedEvent, StemPart> = assignParts(timeline)): MidiTimeline {
  return {
    ...timeline,
    events: timeline.events.filter((item) => !noteEvents.has(item.event.type) || parts.get(item) === part),
  };
}
