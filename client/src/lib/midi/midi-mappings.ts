import { z } from 'zod';
import type { MidiTrigger } from './midi-trigger';
import { midiTriggerSchema, sameTrigger } from './midi-trigger';

/** The one local-storage item of MIDI control: every device's learned triggers, by action id. */
export const MIDI_MAPPINGS_KEY = 'woodshed:midi-mappings';

const mappingsSchema = z.record(z.string(), z.record(z.string(), midiTriggerSchema));
/** Device key, then action id, then the trigger that runs it. */
export type MidiMappings = z.infer<typeof mappingsSchema>;

/** What a MIDI input says of itself (a MIDIInput is one). */
export interface MidiPortInfo {
  id: string;
  name?: string | null;
  manufacturer?: string | null;
}

/**
 * The key a device's mappings are kept under: its manufacturer and name, which stay the same when
 * it is plugged in again or into another port (the browser's port id may not); the id only for a
 * device that names neither.
 */
export function deviceKeyOf(port: MidiPortInfo): string {
  const name = port.name?.trim() ?? '';
  const manufacturer = port.manufacturer?.trim() ?? '';
  return name === '' && manufacturer === '' ? `id:${port.id}` : `${manufacturer}|${name}`;
}

/** The stored mappings; a missing, unreadable or malformed item reads as none. */
export function readMidiMappings(storage: Pick<Storage, 'getItem'>): MidiMappings {
  try {
    const stored = storage.getItem(MIDI_MAPPINGS_KEY);
    if (stored === null) return {};
    return mappingsSchema.safeParse(JSON.parse(stored)).data ?? {};
  } catch {
    return {};
  }
}

export function writeMidiMappings(storage: Pick<Storage, 'setItem'>, mappings: MidiMappings): void {
  try {
    storage.setItem(MIDI_MAPPINGS_KEY, JSON.stringify(mappings));
  } catch {
    // A full or blocked storage keeps the mappings for this visit only.
  }
}

/** `trigger` now runs `actionId` on the device, and nothing else there (one pedal, one action). */
export function withMapping(mappings: MidiMappings, device: string, actionId: string, trigger: MidiTrigger): MidiMappings {
  const others = Object.entries(mappings[device] ?? {}).filter(([id, existing]) => id !== actionId && !sameTrigger(existing, trigger));
  return { ...mappings, [device]: { ...Object.fromEntries(others), [actionId]: trigger } };
}

export function withoutMapping(mappings: MidiMappings, device: string, actionId: string): MidiMappings {
  const { [actionId]: _cleared, ...rest } = mappings[device] ?? {};
  return { ...mappings, [device]: rest };
}

/** The action `trigger` runs on the device, if any. */
export function actionOfTrigger(mappings: MidiMappings, device: string, trigger: MidiTrigger): string | null {
  const entry = Object.entries(mappings[device] ?? {}).find(([, existing]) => sameTrigger(existing, trigger));
  return entry ? entry[0] : null;
}
