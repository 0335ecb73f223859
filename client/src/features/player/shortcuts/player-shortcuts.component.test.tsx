import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { MidiAccessLike } from '../../../lib/midi/midi-control';
import { createMidiControl } from '../../../lib/midi/midi-control';
import { MIDI_MAPPINGS_KEY } from '../../../lib/midi/midi-mappings';
import { selectMixerGroups } from '../mixer-slice';
import { mixerStoreWith } from '../testing/mixer-store';
import type { PracticeControls } from '../use-practice-controls';
import type { Playback } from '../use-playback';
import { PlayerShortcuts } from './player-shortcuts';
import { ShortcutsButton } from './shortcuts-button';

/** A MIDI input the test plays: `press` sends raw MIDI bytes as the browser's midimessage event. */
class FakeInput extends EventTarget {
  readonly state = 'connected';
  readonly id: string;
  readonly name: string;
  readonly manufacturer: string;
  constructor(id: string, name: string, manufacturer: string) {
    super();
    this.id = id;
    this.name = name;
    this.manufacturer = manufacturer;
  }
  press(...bytes: number[]): void {
    act(() => {
      this.dispatchEvent(Object.assign(new Event('midimessage'), { data: new Uint8Array(bytes) }));
    });
  }
}

class FakeAccess extends EventTarget {
  readonly inputs = new Map<string, FakeInput>();
  plug(input: FakeInput): void {
    this.inputs.set(input.id, input);
    this.dispatchEvent(new Event('statechange'));
  }
}

function memoryStorage(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function fakePlayback(): Playback {
  return { isPlaying: false, position: 0, duration: 6, startTimes: '{}', play: vi.fn(), pause: vi.fn(), stop: vi.fn(), seek: vi.fn(), refresh: vi.fn() };
}

function fakePractice(): PracticeControls {
  return {
    tempo: 1,
    transpose: 0,
    loop: null,
    markA: null,
    trainer: null,
    pass: 0,
    passSchedule: [],
    clicks: { click: false, volume: 0.8, countInBars: 0, countInEachPass: false },
    hasBeatGrid: true,
    setTempo: vi.fn(),
    setTranspose: vi.fn(),
    prepareStretch: vi.fn(),
    markLoop: vi.fn(),
    loopSection: vi.fn(),
    clearLoop: vi.fn(),
    setTrainer: vi.fn(),
    setClicks: vi.fn(),
  };
}

function renderShortcuts({ requestAccess, onRecord, storage = memoryStorage() }: { requestAccess?: () => Promise<MidiAccessLike>; onRecord?: () => void; storage?: Storage } = {}) {
  const store = mixerStoreWith([
    { id: 'drums.wav', name: 'drums' },
    { id: 'lead.wav', name: 'Lead Guitar' },
    { id: 'rhythm.wav', name: 'Rhythm Guitar' },
  ]);
  const playback = fakePlayback();
  const practice = fakePractice();
  const midi = createMidiControl({ requestAccess, storage });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/player']}>
        <ShortcutsButton />
        <label>
          Preset name
          <input type="text" />
        </label>
        <PlayerShortcuts playback={playback} practice={practice} section={{ start: 4, end: 6 }} onRecord={onRecord} midi={midi} />
      </MemoryRouter>
    </Provider>,
  );
  return { store, playback, practice, storage };
}

const shortcutRows = () => screen.getAllByTestId('shortcut').map((row) => row.textContent);

describe('the shortcuts help', () => {
  it('opens with ? and with its button, lists every shortcut with its keys, and closes', () => {
    const { practice } = renderShortcuts();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document.body, { key: '?', code: 'Slash', shiftKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Shortcuts' });
    expect(shortcutRows()).toEqual([
      'Space or KPlay / pause',
      'BBack to loop or section start',
      '-Slower',
      '+ or =Faster',
      'LLoop on / off',
      '1Mute Drums',
      '2Mute Guitar',
      'Shift+1Solo Drums',
      'Shift+2Solo Lead Guitar',
      'Shift+3Solo Rhythm Guitar',
      '?Show shortcuts',
    ]);
    // Nothing is listed that does nothing: no recording feature, no record key.
    expect(within(dialog).queryByText('Record')).toBeNull();
    // While the help is open the keys are its own: L does not loop behind it.
    fireEvent.keyDown(document.body, { key: 'l', code: 'KeyL' });
    expect(practice.loopSection).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'SHORTCUTS' }));
    expect(screen.getByRole('dialog', { name: 'Shortcuts' })).toBeTruthy();
  });

  it('lists Record when the recording feature gives its action, and R runs it', () => {
    const onRecord = vi.fn();
    renderShortcuts({ onRecord });
    fireEvent.keyDown(document.body, { key: 'r', code: 'KeyR' });
    expect(onRecord).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: '?', code: 'Slash', shiftKey: true });
    expect(shortcutRows()).toContain('RRecord');
  });

  it('plays, loops, changes tempo and mutes from the keys, but not while typing in a field', () => {
    const { store, playback, practice } = renderShortcuts();
    const field = screen.getByRole('textbox', { name: 'Preset name' });
    for (const key of [' ', 'k', 'l', '1', '-', '?']) fireEvent.keyDown(field, { key, code: key === '1' ? 'Digit1' : 'KeyX' });
    expect(playback.play).not.toHaveBeenCalled();
    expect(practice.loopSection).not.toHaveBeenCalled();
    expect(practice.setTempo).not.toHaveBeenCalled();
    expect(selectMixerGroups(store.getState())[0]!.muted).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(playback.play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'l', code: 'KeyL' });
    expect(practice.loopSection).toHaveBeenCalledWith({ start: 4, end: 6 });
    fireEvent.keyDown(document.body, { key: '-', code: 'Minus' });
    expect(practice.setTempo).toHaveBeenCalledWith(0.95);
    fireEvent.keyDown(document.body, { key: '1', code: 'Digit1' });
    expect(selectMixerGroups(store.getState())[0]!.muted).toBe(true);
    // Cmd+L belongs to the browser (the address bar).
    fireEvent.keyDown(document.body, { key: 'l', code: 'KeyL', metaKey: true });
    expect(practice.loopSection).toHaveBeenCalledTimes(1);
  });
});

describe('MIDI learning', () => {
  it('asks for MIDI access only when the MIDI tab opens, learns a pedal for an action, runs it, and clears it', async () => {
    const access = new FakeAccess();
    const pedal = new FakeInput('input-1', 'FS-5U Footswitch', 'Boss');
    access.plug(pedal);
    const requestAccess = vi.fn(() => Promise.resolve(access as unknown as MidiAccessLike));
    const { playback, storage } = renderShortcuts({ requestAccess });

    fireEvent.click(screen.getByRole('button', { name: 'SHORTCUTS' }));
    expect(requestAccess).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'MIDI' }));
    expect(requestAccess).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('combobox', { name: 'Device' })).textContent).toBe('Boss FS-5U Footswitch');

    const playRow = () => screen.getAllByTestId('midi-mapping').find((row) => row.dataset.action === 'play-pause')!;
    expect(within(playRow()).getByText('Not set')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Learn Play / pause' }));
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Press a pedal or key for Play / pause.');
    // The pedal: a sustain-style controller, 64 on channel 1, pressed (127).
    pedal.press(0xb0, 64, 127);
    expect(within(playRow()).getByText('CC 64, ch 1')).toBeTruthy();
    // Learning took the press: it did not also play.
    expect(playback.play).not.toHaveBeenCalled();
    expect(JSON.parse(storage.getItem(MIDI_MAPPINGS_KEY)!)).toEqual({ 'Boss|FS-5U Footswitch': { 'play-pause': { kind: 'control', channel: 0, number: 64 } } });

    // Released, then pressed again: one press, one play (the release and a repeated value do nothing).
    pedal.press(0xb0, 64, 0);
    pedal.press(0xb0, 64, 127);
    pedal.press(0xb0, 64, 127);
    expect(playback.play).toHaveBeenCalledTimes(1);

    // A note-on learned for the loop replaces nothing else; a note-off is no press.
    fireEvent.click(screen.getByRole('button', { name: 'Learn Loop on / off' }));
    pedal.press(0x91, 60, 100);
    const loopRow = screen.getAllByTestId('midi-mapping').find((row) => row.dataset.action === 'loop')!;
    expect(within(loopRow).getByText('Note 60, ch 2')).toBeTruthy();
    expect(within(playRow()).getByText('CC 64, ch 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Play / pause' }));
    expect(within(playRow()).getByText('Not set')).toBeTruthy();
    pedal.press(0xb0, 64, 0);
    pedal.press(0xb0, 64, 127);
    expect(playback.play).toHaveBeenCalledTimes(1);
    expect(Object.keys(JSON.parse(storage.getItem(MIDI_MAPPINGS_KEY)!)['Boss|FS-5U Footswitch'])).toEqual(['loop']);
  });

  it('shows a device plugged in while the section is open, and keeps mappings per device', async () => {
    const access = new FakeAccess();
    const storage = memoryStorage();
    // Learned on an earlier visit for another device: not this one's.
    storage.setItem(MIDI_MAPPINGS_KEY, JSON.stringify({ 'Korg|nanoKONTROL2': { 'play-pause': { kind: 'note', channel: 0, number: 41 } } }));
    const { playback } = renderShortcuts({ requestAccess: () => Promise.resolve(access as unknown as MidiAccessLike), storage });
    fireEvent.click(screen.getByRole('button', { name: 'SHORTCUTS' }));
    fireEvent.click(screen.getByRole('tab', { name: 'MIDI' }));
    await screen.findByText('No MIDI device found. Plug in a pedal or controller.');

    const keyboard = new FakeInput('input-7', 'Keystation 49', 'M-Audio');
    act(() => access.plug(keyboard));
    expect(screen.getByRole('combobox', { name: 'Device' }).textContent).toBe('M-Audio Keystation 49');
    keyboard.press(0x90, 41, 90);
    expect(playback.play).not.toHaveBeenCalled();

    const korg = new FakeInput('input-8', 'nanoKONTROL2', 'Korg');
    act(() => access.plug(korg));
    korg.press(0x90, 41, 90);
    expect(playback.play).toHaveBeenCalledTimes(1);
  });

  it('says so where the browser has no MIDI, and when access is refused', async () => {
    renderShortcuts();
    fireEvent.click(screen.getByRole('button', { name: 'SHORTCUTS' }));
    fireEvent.click(screen.getByRole('tab', { name: 'MIDI' }));
    expect((await screen.findByText('MIDI is not available in this browser.')).getAttribute('role')).toBe('status');
  });

  it('offers to try again when access is refused', async () => {
    const requestAccess = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    renderShortcuts({ requestAccess });
    fireEvent.click(screen.getByRole('button', { name: 'SHORTCUTS' }));
    fireEvent.click(screen.getByRole('tab', { name: 'MIDI' }));
    await screen.findByText("MIDI access was not allowed. Allow it in your browser's site settings, then try again.");
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(requestAccess).toHaveBeenCalledTimes(2);
  });
});
