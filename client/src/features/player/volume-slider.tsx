import { useRef, useState } from 'react';
import type { NormalRange } from '../../lib/audio/units';
import styles from './player.module.css';

/** A strip's volume slider: follows the pointer or keys and commits on release (spec 000, 4). */
export function VolumeSlider({ label, volume, onCommit }: { label: string; volume: NormalRange; onCommit: (volume: NormalRange) => void }) {
  const [draft, setDraft] = useState<number | null>(null);
  // Read on release, which may come before React re-renders with the last moved value.
  const draftRef = useRef<number | null>(null);
  const move = (value: number) => {
    draftRef.current = value;
    setDraft(value);
  };
  const commit = () => {
    if (draftRef.current === null) return;
    onCommit(draftRef.current / 100);
    draftRef.current = null;
    setDraft(null);
  };
  return (
    <input
      className={styles.volume}
      type="range"
      aria-label={label}
      min={0}
      max={100}
      step={1}
      value={draft ?? Math.round(volume * 100)}
      onChange={(event) => move(Number(event.target.value))}
      onPointerUp={commit}
      onKeyUp={commit}
      onBlur={commit}
    />
  );
}
