import { z } from 'zod';

/** A pedal or key as learned: a note (note-on) or a controller (control change) on a channel (0-15). */
export const midiTriggerSchema = z.object({
  kind: z.enum(['note', 'control']),
  channel: z.number().int().min(0).max(15),
  number: z.number().int().min(0).max(127),
});
export type MidiTrigger = z.infer<typeof midiTriggerSchema>;

/** A controller counts as pressed from this value on: a sustain pedal sends 127 down and 0 up. */
const CONTROL_PRESSED = 64;

/**
 * Reads presses out of MIDI messages. A note-on with a velocity is a press (note-off and velocity 0
 * are releases); a controller is pressed when its value crosses 64 upwards, so an expression pedal
 * swept through its range, or a pedal that repeats its value, presses once, not on every message.
 */
export class MidiPressReader {
  private readonly controlDown = new Map<string, boolean>();

  /** The trigger `data` presses, or null (a release, a held controller, clock, sysex and the rest). */
  read(data: ArrayLike<number> | null | undefined): MidiTrigger | null {
    if (!data || data.length < 3) return null;
    const status = data[0]! & 0xf0;
    const channel = data[0]! & 0x0f;
    const number = data[1]! & 0x7f;
    const value = data[2]! & 0x7f;
    if (status === 0x90) return value > 0 ? { kind: 'note', channel, number } : null;
    if (status !== 0xb0) return null;
    const key = `${channel}:${number}`;
    const down = value >= CONTROL_PRESSED;
    const wasDown = this.controlDown.get(key) ?? false;
    this.controlDown.set(key, down);
    return down && !wasDown ? { kind: 'control', channel, number } : null;
  }
}

export function sameTrigger(a: MidiTrigger, b: MidiTrigger): boolean {
  return a.kind === b.kind && a.channel === b.channel && a.number === b.number;
}

/** As the MIDI section shows it: "Note 60, ch 1", "CC 64, ch 1" (channels counted from 1, as on the devices). */
export function triggerLabel(trigger: MidiTrigger): string {
  return `${trigger.kind === 'note' ? 'Note' : 'CC'} ${trigger.number}, ch ${trigger.channel + 1}`;
}
