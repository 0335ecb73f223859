import { useMemo } from 'react';
import type { Seconds } from '../../lib/audio/units';
import { chordAt, parseChordChart } from './chord-chart';
import { chordInstrumentFor } from './chord-preferences';
import { useChordPreferencesChangedMutation, useChordPreferencesQuery } from './chord-preferences-api';
import { ChordPreferencesControls } from './chord-preferences-controls';
import { usePlayerChordsQuery } from './player-api';
import styles from './player.module.css';

export function ChordStrip({ songId, instruments, position }: { songId: number; instruments: readonly string[]; position: Seconds }) {
  const { data: preferences, isError } = useChordPreferencesQuery();
  const [changePreferences] = useChordPreferencesChangedMutation();
  // Nothing until the musician's preferences arrive, so chords they hid never flash up; should
  // they fail to load, the spec's defaults: chords shown, master first.
  const waiting = preferences === undefined && !isError;
  const showChords = preferences?.showChordsPreference ?? true;
  const instrument = chordInstrumentFor(preferences?.chordInstrumentPreference, instruments);
  const { data } = usePlayerChordsQuery({ songId, instrument: instrument ?? '' }, { skip: waiting || !showChords || instrument === null });
  const chart = useMemo(() => parseChordChart(data?.text ?? ''), [data]);
  if (waiting || instrument === null) return null;
  const { current, next } = chordAt(chart.chords, position);
  return (
    <div className={styles.chordStrip}>
      {showChords && chart.chords.length > 0 ? (
        <div className={styles.chordNowAndNext} data-testid="chord-strip">
          <span className={styles.chordLabel}>CHORDS</span>
          <span className={styles.chordNow}>{current?.chord ?? '–'}</span>
          <span className={styles.chordNext}>{next ? `next ${next.chord}` : ''}</span>
        </div>
      ) : null}
      <ChordPreferencesControls
        available={instruments}
        showChords={showChords}
        instrument={instrument}
        onChange={(change) => void changePreferences(change)}
      />
    </div>
  );
}
