import { useEffect, useState } from 'react';
import { litSegments, METER_SEGMENTS } from '../../../lib/audio/meter-segments';
import { audioFrames } from '../audio-frames';
import playerStyles from '../player.module.css';
import { VolumeSlider } from '../volume-slider';
import styles from './takes.module.css';
import type { TakeListItem } from './take-list-items';
import { formatTempo, formatTranspose } from './take-list-items';
import type { TakeStripState } from './use-player-takes';

export interface TakeStripProps {
  take: TakeListItem;
  heard: boolean;
  strip: TakeStripState;
  level(): number;
  /** Whether the song plays: the meter reads the level every frame only while there is sound. */
  isPlaying: boolean;
  onVolume(volume: number): void;
  onMute(): void;
  onSolo(): void;
  onClose(): void;
}

/** The take playing along, as one more channel strip: volume, mute, solo, its meter. */
export function TakeStrip({ take, heard, strip, level, isPlaying, onVolume, onMute, onSolo, onClose }: TakeStripProps) {
  const [lit, setLit] = useState(0);
  useEffect(
    () =>
      audioFrames(isPlaying, () => {
        const segments = litSegments(level());
        setLit(segments);
        return segments > 0;
      }),
    [level, isPlaying],
  );
  return (
    <div className={`${playerStyles.strip} ${styles.takeStrip}`} data-testid="take-strip" data-take-id={take.id} data-muted={strip.muted} data-heard={heard} data-lit={lit} role="group" aria-label={`Take ${take.name}`}>
      <span className={styles.stripName} title={take.name}>
        {take.name}
      </span>
      <div className={playerStyles.meter} aria-hidden="true">
        {Array.from({ length: METER_SEGMENTS }, (_, index) => (
          <span key={index} className={index < lit ? playerStyles.segmentLit : playerStyles.segment} />
        ))}
      </div>
      <VolumeSlider label={`${take.name} volume`} volume={strip.volume} onCommit={onVolume} />
      <div className={playerStyles.stripButtons}>
        <button type="button" className={strip.muted ? playerStyles.toggleOn : playerStyles.toggle} aria-label={`Mute ${take.name}`} aria-pressed={strip.muted} onClick={onMute}>
          M
        </button>
        <button type="button" className={strip.soloed ? playerStyles.toggleOn : playerStyles.toggle} aria-label={`Solo ${take.name}`} aria-pressed={strip.soloed} onClick={onSolo}>
          S
        </button>
      </div>
      {heard ? null : (
        <p className={styles.stripNote}>
          Heard at {formatTempo(take.tempo)}, {formatTranspose(take.transpose)} only
        </p>
      )}
      <button type="button" className={playerStyles.toggle} aria-label={`Close ${take.name}`} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
