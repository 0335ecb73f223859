import type { ChordInstrument } from '../../../../events/catalog';
import { Switch } from '../../components/ui/switch';
import { chordInstrumentChoices, chordInstrumentLabel } from './chord-preferences';
import styles from './chord-preferences-controls.module.css';

export function ChordPreferencesControls({
  available,
  showChords,
  instrument,
  onChange,
}: {
  available: readonly string[];
  showChords: boolean;
  instrument: string;
  onChange: (change: { showChordsPreference?: boolean; chordInstrumentPreference?: ChordInstrument }) => void;
}) {
  const choices = chordInstrumentChoices(available);
  return (
    <div className={styles.controls} data-testid="chord-preferences">
      <label className={styles.toggle}>
        <Switch aria-label="Show Chords" checked={showChords} onChange={(checked) => onChange({ showChordsPreference: checked })} />
        <span aria-hidden="true">Show Chords</span>
      </label>
      {choices.length > 0 ? (
        <select
          className={styles.instrument}
          aria-label="Chord instrument"
          value={instrument}
          disabled={!showChords}
          onChange={(event) => onChange({ chordInstrumentPreference: event.target.value as ChordInstrument })}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {chordInstrumentLabel(choice)}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}
