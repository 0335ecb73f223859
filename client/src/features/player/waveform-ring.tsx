import { memo, useEffect, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { StemEngine } from '../../lib/audio/stem-engine';
import type { NormalRange, Seconds } from '../../lib/audio/units';
import { WAVEFORM_BAR_COUNT } from '../../lib/audio/waveform-peaks';
import { formatClock } from './format-clock';
import { playedBars, ringArcPath, ringBar, RING_OUTER, timeAfterKey, timeAtPoint } from './waveform-ring-geometry';
import styles from './waveform-ring.module.css';

/** The variants of spec 000: normal and large differ in size; region also marks the current section. */
export type WaveformRingVariant = 'normal' | 'large' | 'region';

const sizes: Record<WaveformRingVariant, number> = { normal: 176, large: 280, region: 176 };

export interface RingRegion {
  label: string;
  startTime: Seconds;
  endTime: Seconds;
}

export interface WaveformRingProps {
  variant: WaveformRingVariant;
  /** The bars' heights; null while they are being computed (the ring then shows its outline). */
  peaks: readonly NormalRange[] | null;
  position: Seconds;
  duration: Seconds;
  onSeek: (target: Seconds) => void;
  /** Only drawn by the region variant. */
  region?: RingRegion | null;
}

export function WaveformRing({ variant, peaks, position, duration, onSeek, region = null }: WaveformRingProps) {
  const size = sizes[variant];
  const played = playedBars(position, duration, WAVEFORM_BAR_COUNT);
  const canSeek = duration > 0;

  function seekToPoint(event: MouseEvent<SVGSVGElement>) {
    // The canvas may be scaled: map the click into the drawing's own units.
    const box = event.currentTarget.getBoundingClientRect();
    const target = timeAtPoint(size, ((event.clientX - box.left) / box.width) * size, ((event.clientY - box.top) / box.height) * size, duration);
    if (target !== null) onSeek(target);
  }

  function seekByKey(event: KeyboardEvent<SVGSVGElement>) {
    const target = timeAfterKey(event.key, position, duration);
    if (target === null) return;
    event.preventDefault();
    onSeek(target);
  }

  const showRegion = variant === 'region' && region !== null && canSeek;
  return (
    <div className={styles.ring} data-variant={variant} style={{ width: size, height: size }}>
      <svg
        className={styles.drawing}
        viewBox={`0 0 ${size} ${size}`}
        width={size}
        height={size}
        role="slider"
        tabIndex={canSeek ? 0 : -1}
        aria-label="Waveform position"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration * 100) / 100}
        aria-valuenow={Math.round(Math.min(position, duration) * 100) / 100}
        aria-valuetext={`${formatClock(position)} of ${formatClock(duration)}`}
        aria-disabled={!canSeek}
        data-testid="waveform-ring"
        data-played-bars={played}
        onClick={canSeek ? seekToPoint : undefined}
        onKeyDown={canSeek ? seekByKey : undefined}
      >
        <circle className={styles.track} cx={size / 2} cy={size / 2} r={(size / 2) * RING_OUTER - 1} />
        {showRegion ? (
          <path
            className={styles.region}
            d={ringArcPath(size, (size / 2) * RING_OUTER - 1, region.startTime / duration, Math.min(region.endTime, duration) / duration)}
          />
        ) : null}
        {peaks ? <RingBars size={size} peaks={peaks} played={played} /> : null}
      </svg>
      <div className={styles.readout} aria-hidden="true">
        {showRegion ? <span className={styles.regionLabel}>{region.label}</span> : null}
        <span className={styles.time} data-testid="waveform-time">
          {formatClock(position)}
        </span>
        <span className={styles.total}>/ {formatClock(duration)}</span>
      </div>
    </div>
  );
}

/** The bars change only when another bar is reached, not on every frame of the position. */
const RingBars = memo(function RingBars({ size, peaks, played }: { size: number; peaks: readonly NormalRange[]; played: number }) {
  return (
    <g>
      {peaks.map((peak, index) => {
        const bar = ringBar(size, index, peaks.length, peak);
        return <line key={index} className={index < played ? styles.barPlayed : styles.bar} x1={bar.x1} y1={bar.y1} x2={bar.x2} y2={bar.y2} />;
      })}
    </g>
  );
});

/** The ring's bars from the decoded stems, read after the player has painted: a long song takes tens of milliseconds. */
export function useWaveformPeaks(engine: StemEngine): readonly NormalRange[] | null {
  const [peaks, setPeaks] = useState<{ engine: StemEngine; peaks: readonly NormalRange[] } | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setPeaks({ engine, peaks: engine.graph.waveformPeaks() }), 0);
    return () => window.clearTimeout(timer);
  }, [engine]);
  return peaks?.engine === engine ? peaks.peaks : null;
}
