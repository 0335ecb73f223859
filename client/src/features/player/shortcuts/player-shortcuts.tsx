import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { LoopRange } from '../../../lib/audio/stem-engine';
import { browserMidiControl } from '../../../lib/midi/browser-midi-control';
import type { MidiControl } from '../../../lib/midi/midi-control';
import { paths } from '../../../lib/routes/paths';
import { groupMuteToggled, selectMixerGroups, selectSoloStemId, stemSoloed, stemUnsoloed } from '../mixer-slice';
import type { PracticeControls } from '../use-practice-controls';
import type { Playback } from '../use-playback';
import type { PlayerAction } from './player-actions';
import { actionForPress, playerActions } from './player-actions';
import { ShortcutsDialog } from './shortcuts-dialog';
import { shortcutsHelp, useShortcutsHelpOpen } from './shortcuts-help';

export interface PlayerShortcutsProps {
  playback: Playback;
  practice: PracticeControls;
  /** The section playing now (back to its start, loop it). */
  section: LoopRange | null;
  /** The recording feature's record action; without it no record shortcut exists. */
  onRecord?: () => void;
  /** The page's MIDI control unless a test gives its own. */
  midi?: MidiControl;
}

/**
 * Keys and MIDI pedals for the loaded player, and the help that lists them. Keys act only while the
 * player is shown (it stays mounted beside the library) and no dialog is open.
 */
export function PlayerShortcuts({ playback, practice, section, onRecord, midi = browserMidiControl() }: PlayerShortcutsProps) {
  const dispatch = useAppDispatch();
  const groups = useAppSelector(selectMixerGroups);
  const soloStemId = useAppSelector(selectSoloStemId);
  const isShown = useLocation().pathname === paths.player;
  const helpOpen = useShortcutsHelpOpen();
  // The last loop of this song, for the loop key to bring back (state derived during render).
  const [lastLoop, setLastLoop] = useState<LoopRange | null>(null);
  if (practice.loop && practice.loop !== lastLoop) setLastLoop(practice.loop);

  const actions = playerActions({
    isPlaying: playback.isPlaying,
    position: playback.position,
    play: playback.play,
    pause: playback.pause,
    seek: playback.seek,
    tempo: practice.tempo,
    setTempo: practice.setTempo,
    prepareStretch: practice.prepareStretch,
    loop: practice.loop,
    markA: practice.markA,
    lastLoop,
    section,
    markLoop: practice.markLoop,
    loopSection: practice.loopSection,
    clearLoop: practice.clearLoop,
    groups,
    soloStemId,
    toggleMute: (group) => dispatch(groupMuteToggled({ group })),
    solo: (stemId) => dispatch(stemId === null ? stemUnsoloed() : stemSoloed({ stemId })),
    onRecord,
    toggleHelp: shortcutsHelp.toggle,
  });
  // The listeners read the actions of the latest render: they close over this frame's playback and mix.
  const current = useRef<readonly PlayerAction[]>(actions);
  useEffect(() => {
    current.current = actions;
  });

  useEffect(() => {
    if (!isShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog (this help, an export, a tutorial) has the keys while it is open.
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const action = actionForPress(current.current, event);
      if (!action) return;
      // Space would scroll the page, `-` and `+` could zoom in some setups: the shortcut is the press.
      event.preventDefault();
      action.run();
    };
    window.addEventListener('keydown', onKeyDown);
    midi.setRunner((actionId) => current.current.find((action) => action.id === actionId)?.run());
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      midi.setRunner(null);
    };
  }, [isShown, midi]);

  // Mappings learned on an earlier visit work again without a question, if the browser already allows MIDI.
  useEffect(() => {
    void midi.resumeIfGranted();
  }, [midi]);

  // The help belongs to this song's player: it goes with it.
  useEffect(() => shortcutsHelp.close, []);

  return helpOpen && isShown ? <ShortcutsDialog actions={actions} midi={midi} onClose={shortcutsHelp.close} /> : null;
}
