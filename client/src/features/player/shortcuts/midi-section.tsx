import { useEffect, useId, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import type { MidiControl, MidiState } from '../../../lib/midi/midi-control';
import { triggerLabel } from '../../../lib/midi/midi-trigger';
import type { PlayerAction } from './player-actions';
import styles from './shortcuts-dialog.module.css';

function statusText(state: MidiState): string | null {
  switch (state.status) {
    case 'off':
    case 'asking':
      return 'Allow MIDI access in your browser to use a pedal or controller.';
    case 'unsupported':
      return 'MIDI is not available in this browser.';
    case 'denied':
      return "MIDI access was not allowed. Allow it in your browser's site settings, then try again.";
    case 'ready':
      return state.devices.length === 0 ? 'No MIDI device found. Plug in a pedal or controller.' : null;
  }
}

/** Learning a MIDI pedal or key for each action, on the chosen device. Opening it is what asks for MIDI access. */
export function MidiSection({ actions, midi }: { actions: readonly PlayerAction[]; midi: MidiControl }) {
  const state = useSyncExternalStore(midi.subscribe, midi.getSnapshot);
  const { device, learning } = state;
  const deviceId = useId();

  useEffect(() => {
    void midi.connect();
    // Leaving the section stops learning: a press later must not be taken for a pedal to learn.
    return () => midi.learn(null);
  }, [midi]);

  const status = statusText(state);
  if (status !== null || device === null) {
    return (
      <div className={styles.midi}>
        <p role="status">{status}</p>
        {state.status === 'denied' ? <Button onClick={() => void midi.connect()}>Try Again</Button> : null}
      </div>
    );
  }
  const learned = state.mappings[device] ?? {};
  const learningLabel = actions.find((action) => action.id === learning)?.label;
  return (
    <div className={styles.midi}>
      <div className={styles.device}>
        <label htmlFor={deviceId}>Device</label>
        <select id={deviceId} value={device} onChange={(event) => midi.selectDevice(event.target.value)}>
          {state.devices.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <p role="status" className={styles.note}>
        {learningLabel !== undefined ? `Press a pedal or key for ${learningLabel}.` : 'Choose Learn, then press a pedal or key.'}
      </p>
      <ul className={styles.mappings} aria-label="MIDI mappings">
        {actions.map((action) => {
          const trigger = learned[action.id];
          const isLearning = learning === action.id;
          return (
            <li key={action.id} className={styles.row} data-testid="midi-mapping" data-action={action.id}>
              <span className={styles.actionName}>{action.label}</span>
              <span className={styles.trigger}>{isLearning ? 'Listening…' : trigger ? triggerLabel(trigger) : 'Not set'}</span>
              {isLearning ? (
                <Button variant="ghost" onClick={() => midi.learn(null)}>
                  Cancel
                </Button>
              ) : (
                <Button aria-label={`Learn ${action.label}`} onClick={() => midi.learn(action.id)}>
                  Learn
                </Button>
              )}
              <Button variant="ghost" aria-label={`Clear ${action.label}`} disabled={!trigger} onClick={() => midi.clear(device, action.id)}>
                Clear
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
