import type { MidiMappings, MidiPortInfo } from './midi-mappings';
import { actionOfTrigger, deviceKeyOf, readMidiMappings, withMapping, withoutMapping, writeMidiMappings } from './midi-mappings';
import { MidiPressReader } from './midi-trigger';

/** A MIDI input as used here (the browser's MIDIInput, or a test's fake). */
export interface MidiInputLike extends MidiPortInfo {
  state?: string;
  addEventListener(type: 'midimessage', listener: (event: Event & { data?: ArrayLike<number> | null }) => void): void;
}

/** The browser's MIDIAccess as used here. */
export interface MidiAccessLike {
  inputs: { forEach(callback: (input: MidiInputLike) => void): void };
  addEventListener(type: 'statechange', listener: () => void): void;
}

export interface MidiEnvironment {
  /** Absent where the browser has no Web MIDI (or the page is not a secure context). */
  requestAccess?: () => Promise<MidiAccessLike>;
  /** The MIDI permission as the browser has it now, without asking; null when it cannot tell. */
  permission?: () => Promise<PermissionState | null>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

/** off: not asked yet; asking: the browser's question is up; unsupported: no Web MIDI here; denied: the musician or the browser said no. */
export type MidiStatus = 'off' | 'asking' | 'unsupported' | 'denied' | 'ready';

export interface MidiDevice {
  key: string;
  name: string;
}

export interface MidiState {
  status: MidiStatus;
  /** The inputs plugged in now. */
  devices: readonly MidiDevice[];
  /** The device whose mappings the MIDI section shows. */
  device: string | null;
  /** The action waiting for its pedal, if learning. */
  learning: string | null;
  mappings: MidiMappings;
}

/** MIDI control of the player: access, learned triggers per device, and the actions they run. One per page. */
export interface MidiControl {
  subscribe(listener: () => void): () => void;
  getSnapshot(): MidiState;
  /** Asks the browser for MIDI access (the musician opened the MIDI section); once granted it stays for the visit. */
  connect(): Promise<void>;
  /** Reconnects without asking: only when the browser already granted access and this device has mappings. */
  resumeIfGranted(): Promise<void>;
  selectDevice(device: string): void;
  /** The next press on any input is learned for `actionId` (null stops learning). */
  learn(actionId: string | null): void;
  clear(device: string, actionId: string): void;
  /** Who runs a pressed trigger's action: the player while it is shown, else nobody. */
  setRunner(runner: ((actionId: string) => void) | null): void;
}

function deviceName(input: MidiInputLike): string {
  const name = input.name?.trim() || 'MIDI device';
  const manufacturer = input.manufacturer?.trim() ?? '';
  return manufacturer === '' || name.startsWith(manufacturer) ? name : `${manufacturer} ${name}`;
}

export function createMidiControl(environment: MidiEnvironment): MidiControl {
  let state: MidiState = { status: 'off', devices: [], device: null, learning: null, mappings: readMidiMappings(environment.storage) };
  let access: MidiAccessLike | null = null;
  let pending: Promise<void> | null = null;
  let runner: ((actionId: string) => void) | null = null;
  const listened = new WeakSet<MidiInputLike>();
  const listeners = new Set<() => void>();

  const update = (next: Partial<MidiState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const onPress = (input: MidiInputLike, data: ArrayLike<number> | null | undefined, reader: MidiPressReader) => {
    const trigger = reader.read(data);
    if (!trigger) return;
    const device = deviceKeyOf(input);
    if (state.learning !== null) {
      const mappings = withMapping(state.mappings, device, state.learning, trigger);
      writeMidiMappings(environment.storage, mappings);
      update({ mappings, learning: null, device });
      return;
    }
    const actionId = actionOfTrigger(state.mappings, device, trigger);
    if (actionId !== null) runner?.(actionId);
  };

  const readInputs = () => {
    if (!access) return;
    const devices: MidiDevice[] = [];
    access.inputs.forEach((input) => {
      if (input.state === 'disconnected') return;
      const key = deviceKeyOf(input);
      if (!devices.some((device) => device.key === key)) devices.push({ key, name: deviceName(input) });
      if (listened.has(input)) return;
      listened.add(input);
      // A reader per input: a controller's up or down state is that device's.
      const reader = new MidiPressReader();
      input.addEventListener('midimessage', (event) => onPress(input, event.data, reader));
    });
    const device = devices.some((candidate) => candidate.key === state.device) ? state.device : (devices[0]?.key ?? null);
    update({ devices, device });
  };

  const connect = (): Promise<void> => {
    if (state.status === 'ready') return Promise.resolve();
    if (!environment.requestAccess) {
      update({ status: 'unsupported' });
      return Promise.resolve();
    }
    const requestAccess = environment.requestAccess;
    pending ??= (async () => {
      update({ status: 'asking' });
      try {
        access = await requestAccess();
      } catch {
        // Refused by the musician, the browser's settings or its policy: the section says so.
        update({ status: 'denied' });
        return;
      } finally {
        pending = null;
      }
      access.addEventListener('statechange', readInputs);
      update({ status: 'ready' });
      readInputs();
    })();
    return pending;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    connect,
    async resumeIfGranted() {
      if (state.status !== 'off' || !environment.permission) return;
      if (!Object.values(state.mappings).some((actions) => Object.keys(actions).length > 0)) return;
      if ((await environment.permission()) === 'granted') await connect();
    },
    selectDevice(device) {
      update({ device });
    },
    learn(actionId) {
      update({ learning: actionId });
    },
    clear(device, actionId) {
      const mappings = withoutMapping(state.mappings, device, actionId);
      writeMidiMappings(environment.storage, mappings);
      update({ mappings });
    },
    setRunner(next) {
      runner = next;
    },
  };
}
