import type { MidiAccessLike, MidiControl } from './midi-control';
import { createMidiControl } from './midi-control';

let control: MidiControl | null = null;

/** The page's MIDI control, made on first use (nothing asks for MIDI access on load). */
export function browserMidiControl(): MidiControl {
  control ??= createMidiControl({
    requestAccess:
      typeof navigator.requestMIDIAccess === 'function' ? () => navigator.requestMIDIAccess() as Promise<unknown> as Promise<MidiAccessLike> : undefined,
    permission: async () => {
      try {
        return (await navigator.permissions.query({ name: 'midi' as PermissionName })).state;
      } catch {
        // Browsers that cannot tell: MIDI waits for the musician to open the MIDI section.
        return null;
      }
    },
    // Read at each use: a blocked localStorage throws on access, and the mappings' reads and writes expect that.
    storage: {
      getItem: (key) => window.localStorage.getItem(key),
      setItem: (key, value) => window.localStorage.setItem(key, value),
    },
  });
  return control;
}
