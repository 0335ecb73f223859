import { describe, expect, it } from 'vitest';
import { actionOfTrigger, deviceKeyOf, MIDI_MAPPINGS_KEY, readMidiMappings, withMapping, withoutMapping, writeMidiMappings } from './midi-mappings';
import { MidiPressReader, triggerLabel } from './midi-trigger';

function storageWith(value: string | null) {
  const items = new Map<string, string>(value === null ? [] : [[MIDI_MAPPINGS_KEY, value]]);
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, next: string) => void items.set(key, next) };
}

describe('MIDI presses', () => {
  it('a note-on with a velocity is a press; note-off, velocity 0 and other messages are not', () => {
    const reader = new MidiPressReader();
    expect(reader.read([0x90, 60, 100])).toEqual({ kind: 'note', channel: 0, number: 60 });
    expect(reader.read([0x9f, 36, 1])).toEqual({ kind: 'note', channel: 15, number: 36 });
    expect(reader.read([0x90, 60, 0])).toBeNull();
    expect(reader.read([0x80, 60, 64])).toBeNull();
    expect(reader.read([0xf8])).toBeNull();
    expect(reader.read([0xe0, 0, 64])).toBeNull();
    expect(reader.read(null)).toBeNull();
  });

  it('a controller presses when it crosses 64 upwards, once until it goes back below', () => {
    const reader = new MidiPressReader();
    const sweep = [0, 30, 63, 64, 90, 127, 127, 70, 20, 100].map((value) => reader.read([0xb2, 11, value]) !== null);
    expect(sweep).toEqual([false, false, false, true, false, false, false, false, false, true]);
    // Each controller on its own: another one's state does not count.
    expect(reader.read([0xb2, 64, 127])).toEqual({ kind: 'control', channel: 2, number: 64 });
    expect(triggerLabel({ kind: 'control', channel: 2, number: 64 })).toBe('CC 64, ch 3');
  });
});

describe('MIDI mappings', () => {
  it('keys a device by manufacturer and name, by its id only when it names neither', () => {
    expect(deviceKeyOf({ id: 'a1b2', name: 'FS-5U', manufacturer: 'Boss' })).toBe('Boss|FS-5U');
    expect(deviceKeyOf({ id: 'other-port', name: 'FS-5U', manufacturer: 'Boss' })).toBe('Boss|FS-5U');
    expect(deviceKeyOf({ id: 'x9', name: ' ', manufacturer: null })).toBe('id:x9');
  });

  it('one trigger runs one action per device; clearing removes only that action', () => {
    const pedal = { kind: 'control', channel: 0, number: 64 } as const;
    let mappings = withMapping({}, 'Boss|FS-5U', 'play-pause', pedal);
    mappings = withMapping(mappings, 'Korg|nano', 'loop', pedal);
    expect(actionOfTrigger(mappings, 'Boss|FS-5U', pedal)).toBe('play-pause');
    expect(actionOfTrigger(mappings, 'Korg|nano', pedal)).toBe('loop');
    // Learned again for another action on the same device: it moves.
    mappings = withMapping(mappings, 'Boss|FS-5U', 'back', pedal);
    expect(mappings['Boss|FS-5U']).toEqual({ back: pedal });
    mappings = withoutMapping(mappings, 'Boss|FS-5U', 'back');
    expect(actionOfTrigger(mappings, 'Boss|FS-5U', pedal)).toBeNull();
    expect(actionOfTrigger(mappings, 'Korg|nano', pedal)).toBe('loop');
  });

  it('reads back what it wrote, and malformed or unreadable storage as none', () => {
    const storage = storageWith(null);
    const mappings = { 'Boss|FS-5U': { 'play-pause': { kind: 'note', channel: 0, number: 60 } } } as const;
    writeMidiMappings(storage, mappings);
    expect(readMidiMappings(storage)).toEqual(mappings);
    expect(readMidiMappings(storageWith('{not json'))).toEqual({});
    expect(readMidiMappings(storageWith(JSON.stringify({ device: { loop: { kind: 'note', channel: 16, number: 60 } } })))).toEqual({});
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(readMidiMappings(blocked)).toEqual({});
  });
});
