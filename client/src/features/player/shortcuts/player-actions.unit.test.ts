import { describe, expect, it } from 'vitest';
import type { MixerGroup } from '../mixer-slice';
import type { KeyPress } from './key-binding';
import { keyLabel } from './key-binding';
import type { PlayerActionContext } from './player-actions';
import { actionForPress, playerActions } from './player-actions';

const groups: MixerGroup[] = [
  { name: 'Drums', stemIds: ['drums.wav'], stems: [{ id: 'drums.wav', name: 'drums' }], volume: 1, muted: false },
  {
    name: 'Guitar',
    stemIds: ['lead.wav', 'rhythm.wav'],
    stems: [
      { id: 'lead.wav', name: 'Lead Guitar' },
      { id: 'rhythm.wav', name: 'Rhythm Guitar' },
    ],
    volume: 1,
    muted: false,
  },
];

/** A context that writes down what each action did. */
function contextWith(overrides: Partial<PlayerActionContext> = {}): { context: PlayerActionContext; calls: string[] } {
  const calls: string[] = [];
  const context: PlayerActionContext = {
    isPlaying: false,
    position: 2.5,
    play: () => calls.push('play'),
    pause: () => calls.push('pause'),
    seek: (target) => calls.push(`seek ${target}`),
    tempo: 1,
    setTempo: (tempo) => calls.push(`tempo ${tempo}`),
    prepareStretch: () => calls.push('prepare'),
    loop: null,
    markA: null,
    lastLoop: null,
    section: null,
    markLoop: (position) => calls.push(`mark ${position}`),
    loopSection: (range) => calls.push(`loop ${range.start}-${range.end}`),
    clearLoop: () => calls.push('clear loop'),
    groups,
    soloStemId: null,
    toggleMute: (group) => calls.push(`mute ${group}`),
    solo: (stemId) => calls.push(`solo ${stemId}`),
    toggleHelp: () => calls.push('help'),
    ...overrides,
  };
  return { context, calls };
}

function press(key: string, extra: Partial<KeyPress> = {}): KeyPress {
  const code = /^\d$/.test(key) ? `Digit${key}` : key === ' ' ? 'Space' : `Key${key.toUpperCase()}`;
  return { key, code, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, repeat: false, target: null, ...extra };
}

/** Runs what `keyPress` maps to and answers what it did ([] when nothing fired). */
function pressIn(context: PlayerActionContext, calls: string[], keyPress: KeyPress): string[] {
  actionForPress(playerActions(context), keyPress)?.run();
  return calls;
}

describe('the player shortcuts', () => {
  it('Space and K play, and pause while playing', () => {
    const stopped = contextWith();
    expect(pressIn(stopped.context, stopped.calls, press(' '))).toEqual(['play']);
    const playing = contextWith({ isPlaying: true });
    expect(pressIn(playing.context, playing.calls, press('k'))).toEqual(['pause']);
    // Caps Lock on: still K.
    const capsLock = contextWith();
    expect(pressIn(capsLock.context, capsLock.calls, press('K'))).toEqual(['play']);
  });

  it('B goes back to the loop start, else the section start, else the song start', () => {
    const looping = contextWith({ loop: { start: 1, end: 3 }, section: { start: 0, end: 4 } });
    expect(pressIn(looping.context, looping.calls, press('b'))).toEqual(['seek 1']);
    const inSection = contextWith({ section: { start: 4, end: 6 } });
    expect(pressIn(inSection.context, inSection.calls, press('b'))).toEqual(['seek 4']);
    const plain = contextWith();
    expect(pressIn(plain.context, plain.calls, press('b'))).toEqual(['seek 0']);
  });

  it('minus and plus change the tempo a step as the buttons do, and stop at the range', () => {
    const normal = contextWith({ tempo: 1 });
    expect(pressIn(normal.context, normal.calls, press('-'))).toEqual(['prepare', 'tempo 0.95']);
    const faster = contextWith({ tempo: 0.95 });
    expect(pressIn(faster.context, faster.calls, press('+', { code: 'Equal', shiftKey: true }))).toEqual(['prepare', 'tempo 1']);
    const unshifted = contextWith({ tempo: 1.45 });
    expect(pressIn(unshifted.context, unshifted.calls, press('=', { code: 'Equal' }))).toEqual(['prepare', 'tempo 1.5']);
    const top = contextWith({ tempo: 1.5 });
    expect(pressIn(top.context, top.calls, press('+'))).toEqual([]);
    const bottom = contextWith({ tempo: 0.5 });
    expect(pressIn(bottom.context, bottom.calls, press('-'))).toEqual([]);
    // Held down, the tempo keeps moving.
    const held = contextWith({ tempo: 1 });
    expect(pressIn(held.context, held.calls, press('-', { repeat: true }))).toEqual(['prepare', 'tempo 0.95']);
  });

  it('L ends a loop, brings the last one back, else loops the section, else sets A then B', () => {
    const looping = contextWith({ loop: { start: 1, end: 3 } });
    expect(pressIn(looping.context, looping.calls, press('l'))).toEqual(['clear loop']);
    const again = contextWith({ lastLoop: { start: 1, end: 3 }, section: { start: 0, end: 4 } });
    expect(pressIn(again.context, again.calls, press('l'))).toEqual(['loop 1-3']);
    const section = contextWith({ section: { start: 0, end: 4 } });
    expect(pressIn(section.context, section.calls, press('l'))).toEqual(['loop 0-4']);
    const marks = contextWith();
    expect(pressIn(marks.context, marks.calls, press('l'))).toEqual(['mark 2.5']);
    const settingB = contextWith({ markA: 1, lastLoop: { start: 0, end: 2 } });
    expect(pressIn(settingB.context, settingB.calls, press('l'))).toEqual(['mark 2.5']);
    // A held key does not flicker the loop.
    const held = contextWith({ loop: { start: 1, end: 3 } });
    expect(pressIn(held.context, held.calls, press('l', { repeat: true }))).toEqual([]);
  });

  it('digits mute the strips in mixer order; with Shift they solo the solo buttons in mixer order, again to unsolo', () => {
    const { context, calls } = contextWith();
    pressIn(context, calls, press('1'));
    pressIn(context, calls, press('2'));
    // Shift+2 types "@" (or another sign by layout): the key's place counts.
    pressIn(context, calls, press('@', { code: 'Digit2', shiftKey: true }));
    pressIn(context, calls, press('#', { code: 'Digit3', shiftKey: true }));
    expect(calls).toEqual(['mute Drums', 'mute Guitar', 'solo lead.wav', 'solo rhythm.wav']);
    const soloed = contextWith({ soloStemId: 'drums.wav' });
    expect(pressIn(soloed.context, soloed.calls, press('!', { code: 'Digit1', shiftKey: true }))).toEqual(['solo null']);
    const labels = playerActions(context)
      .filter((action) => action.group === 'Mixer')
      .map((action) => `${action.keys.map(keyLabel).join(' ')} ${action.label}`);
    expect(labels).toEqual(['1 Mute Drums', '2 Mute Guitar', 'Shift+1 Solo Drums', 'Shift+2 Solo Lead Guitar', 'Shift+3 Solo Rhythm Guitar']);
  });

  it('record is there only when the recording feature gives a handler', () => {
    const without = contextWith();
    expect(playerActions(without.context).map((action) => action.id)).not.toContain('record');
    expect(pressIn(without.context, without.calls, press('r'))).toEqual([]);
    const { context, calls } = contextWith({ onRecord: () => calls.push('record') });
    expect(pressIn(context, calls, press('r'))).toEqual(['record']);
  });

  it('? opens the help', () => {
    const { context, calls } = contextWith();
    expect(pressIn(context, calls, press('?', { code: 'Slash', shiftKey: true }))).toEqual(['help']);
  });

  it('never fires while typing in a text input, textarea, select or contenteditable', () => {
    const fields = [
      { tagName: 'INPUT', type: 'text' },
      { tagName: 'INPUT', type: 'number' },
      { tagName: 'INPUT', type: 'search' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ];
    for (const field of fields) {
      const { context, calls } = contextWith();
      for (const key of [' ', 'k', 'l', '1', '-', '?']) pressIn(context, calls, press(key, { target: field as unknown as EventTarget }));
      expect(calls, field.tagName).toEqual([]);
    }
  });

  it('leaves Space to a focused button or slider, but other keys still work there', () => {
    const button = { tagName: 'BUTTON', getAttribute: () => null } as unknown as EventTarget;
    const slider = { tagName: 'INPUT', type: 'range', getAttribute: () => null } as unknown as EventTarget;
    const tab = { tagName: 'DIV', getAttribute: (name: string) => (name === 'role' ? 'tab' : null) } as unknown as EventTarget;
    for (const target of [button, slider, tab]) {
      const { context, calls } = contextWith();
      pressIn(context, calls, press(' ', { target }));
      pressIn(context, calls, press('k', { target }));
      expect(calls).toEqual(['play']);
    }
  });

  it('never takes Ctrl, Meta (Cmd) or Alt combinations: the browser owns them', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      const { context, calls } = contextWith();
      for (const key of ['l', 'r', 'k', '1', '-', '=']) pressIn(context, calls, press(key, { [modifier]: true }));
      expect(calls, modifier).toEqual([]);
    }
  });

  it('letters with Shift are not their shortcut', () => {
    const { context, calls } = contextWith();
    pressIn(context, calls, press('L', { shiftKey: true }));
    pressIn(context, calls, press('B', { shiftKey: true }));
    expect(calls).toEqual([]);
  });
});
