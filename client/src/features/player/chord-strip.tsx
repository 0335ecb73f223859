import { useMemo } from 'react';
import type { Seconds } from '../../lib/audio/units';
import { chordAt, parseChordChart } from './chord-chart';
import { usePlayerChordsQuery } from './player-api';
import styles from './player.module.css';

/** The chord sounding now and the next one, from the song's first chord file (master first). */
export function ChordStrip({ songId, instrument, position }: { songId: number; instrument: string; position: Seconds }) {
  const { data } = usePlayerChordsQuery({ songId, instrument });
  const chart = useMemo(() => parseChordChart(data?.text ?? ''), [data]);
  if (chart.chords.length === 0) return null;
  const { current, next } = chordAt(chart.chords, position);
  return (
    <div className={styles.chordStrip} data-testid="chord-strip">
      <span className={styles.chordLabel}>CHORDS · {instrument}</span>
      <span className={styles.chordNow}>{current?.chord ?? '–'}</span>
      <span className={styles.chordNext}>{next ? `next ${next.chord}` : ''}</span>
    </div>
  );
}
