import { Button } from '../../components/ui/button';
import { formatClock } from './format-clock';
import styles from './player.module.css';
import { SectionMarkers } from './section-markers';
import type { SongSection } from './section-markers-layout';
import markerStyles from './section-markers.module.css';
import type { Playback } from './use-playback';

export function TransportBar({ playback, sections = [] }: { playback: Playback; sections?: readonly SongSection[] }) {
  const { isPlaying, position, duration } = playback;
  return (
    <div className={styles.transport}>
      <Button variant="primary" onClick={isPlaying ? playback.pause : playback.play} aria-label={isPlaying ? 'Pause' : 'Play'}>
        {isPlaying ? '❚❚ Pause' : '▶ Play'}
      </Button>
      <Button onClick={playback.stop} aria-label="Stop">
        ■ Stop
      </Button>
      <div className={markerStyles.seekColumn}>
        <input
          className={styles.seek}
          type="range"
          aria-label="Seek"
          min={0}
          max={duration}
          step={0.01}
          value={Math.min(position, duration)}
          disabled={duration === 0}
          onChange={(event) => playback.seek(Number(event.target.value))}
        />
        <SectionMarkers sections={sections} position={position} duration={duration} onSeek={playback.seek} />
      </div>
      <span className={styles.clock} data-testid="player-clock">
        {formatClock(position)} / {formatClock(duration)}
      </span>
    </div>
  );
}
