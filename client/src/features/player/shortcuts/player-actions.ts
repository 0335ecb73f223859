import type { LoopRange } from '../../../lib/audio/stem-engine';
import type { Seconds } from '../../../lib/audio/units';
import type { MixerGroup } from '../mixer-slice';
import { clampTempo, TEMPO_STEP } from '../tempo-step';
import type { KeyBinding, KeyPress } from './key-binding';
import { isFreePress, matchesKey } from './key-binding';

export type PlayerActionGroup = 'Playback' | 'Practice' | 'Mixer' | 'Help';

/** One thing the musician can do without the mouse: by a key, or a MIDI pedal learned for its `id`. */
export interface PlayerAction {
  /** Stable across songs where it can be (`mute:Drums`): MIDI mappings are kept by it. */
  id: string;
  label: string;
  group: PlayerActionGroup;
  keys: readonly KeyBinding[];
  /** A held key runs it again (tempo); toggles run once per press. */
  repeats?: boolean;
  run(): void;
}

/** What the actions read and change: the player's playback, practice tools and mixer as they are now. */
export interface PlayerActionContext {
  isPlaying: boolean;
  position: Seconds;
  play(): void;
  pause(): void;
  seek(target: Seconds): void;
  tempo: number;
  setTempo(tempo: number): void;
  prepareStretch(): void;
  loop: LoopRange | null;
  markA: Seconds | null;
  /** The last loop of this song, turned on again by the loop key. */
  lastLoop: LoopRange | null;
  /** The section playing now, if the song has sections. */
  section: LoopRange | null;
  markLoop(position: Seconds): void;
  loopSection(range: LoopRange): void;
  clearLoop(): void;
  groups: readonly MixerGroup[];
  soloStemId: string | null;
  toggleMute(group: string): void;
  solo(stemId: string | null): void;
  /** Given by the recording feature; without it there is no record action (nothing shown that does nothing). */
  onRecord?: () => void;
  toggleHelp(): void;
}

/** Digits 1-9 then 0 for the first ten strips (and solos); more have no key, only MIDI. */
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

function digitKey(index: number, shift: boolean): KeyBinding[] {
  const digit = DIGITS[index];
  return digit === undefined ? [] : [{ code: `Digit${digit}`, shift, label: shift ? `Shift+${digit}` : digit }];
}

/** The solo buttons in mixer order: a group of one stem has one named after the group, a group of several one per stem. */
function soloTargets(groups: readonly MixerGroup[]): Array<{ stemId: string; name: string }> {
  return groups.flatMap((group) =>
    group.stems.length === 1 ? [{ stemId: group.stems[0]!.id, name: group.name }] : group.stems.map((stem) => ({ stemId: stem.id, name: stem.name })),
  );
}

/** Loop on/off: off ends the loop; on brings the last loop back, else loops the section playing, else sets A then B as the Loop button does. */
function toggleLoop(context: PlayerActionContext): void {
  if (context.loop) context.clearLoop();
  else if (context.markA !== null) context.markLoop(context.position);
  else if (context.lastLoop) context.loopSection(context.lastLoop);
  else if (context.section) context.loopSection(context.section);
  else context.markLoop(context.position);
}

function changeTempo(context: PlayerActionContext, step: number): void {
  const next = clampTempo(context.tempo + step);
  if (next === context.tempo) return;
  context.prepareStretch();
  context.setTempo(next);
}

/** The player's actions and their keys, in the order the help lists them. */
export function playerActions(context: PlayerActionContext): PlayerAction[] {
  const actions: PlayerAction[] = [
    {
      id: 'play-pause',
      label: 'Play / pause',
      group: 'Playback',
      keys: [{ key: ' ' }, { key: 'k', shift: false }],
      run: () => (context.isPlaying ? context.pause() : context.play()),
    },
    {
      id: 'back',
      label: 'Back to loop or section start',
      group: 'Playback',
      keys: [{ key: 'b', shift: false }],
      run: () => context.seek(context.loop?.start ?? context.section?.start ?? 0),
    },
  ];
  if (context.onRecord) {
    const record = context.onRecord;
    actions.push({ id: 'record', label: 'Record', group: 'Playback', keys: [{ key: 'r', shift: false }], run: record });
  }
  actions.push(
    { id: 'tempo-down', label: 'Slower', group: 'Practice', keys: [{ key: '-' }], repeats: true, run: () => changeTempo(context, -TEMPO_STEP) },
    { id: 'tempo-up', label: 'Faster', group: 'Practice', keys: [{ key: '+' }, { key: '=' }], repeats: true, run: () => changeTempo(context, TEMPO_STEP) },
    { id: 'loop', label: 'Loop on / off', group: 'Practice', keys: [{ key: 'l', shift: false }], run: () => toggleLoop(context) },
  );
  context.groups.forEach((group, index) => {
    actions.push({ id: `mute:${group.name}`, label: `Mute ${group.name}`, group: 'Mixer', keys: digitKey(index, false), run: () => context.toggleMute(group.name) });
  });
  soloTargets(context.groups).forEach((target, index) => {
    actions.push({
      id: `solo:${target.name}`,
      label: `Solo ${target.name}`,
      group: 'Mixer',
      keys: digitKey(index, true),
      run: () => context.solo(context.soloStemId === target.stemId ? null : target.stemId),
    });
  });
  actions.push({ id: 'help', label: 'Show shortcuts', group: 'Help', keys: [{ key: '?' }], run: context.toggleHelp });
  return actions;
}

/** The action a key press runs, or null: nothing fires while typing in a field, with a browser's combination, or on a held toggle. */
export function actionForPress(actions: readonly PlayerAction[], press: KeyPress): PlayerAction | null {
  if (!isFreePress(press)) return null;
  const action = actions.find((candidate) => candidate.keys.some((binding) => matchesKey(binding, press)));
  if (!action || (press.repeat && !action.repeats)) return null;
  return action;
}
