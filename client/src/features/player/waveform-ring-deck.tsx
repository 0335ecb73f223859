import type { StemEngine } from '../../lib/audio/stem-engine';
import { ChordStrip } from './chord-strip';
import type { PlayerSong } from './player-api';
import type { SectionMarker } from './section-markers-layout';
import { TransportBar } from './transport-bar';
import type { Playback } from './use-playback';
import { useWaveformPeaks, WaveformRing } from './waveform-ring';
import styles from './waveform-ring.module.css';

export function WaveformRingDeck({
  song,
  engine,
  playback,
  markers,
  current,
}: {
  song: PlayerSong;
  engine: StemEngine;
  playback: Playback;
  /** The song's section markers, and the one playing now (the player works them out once for the deck and the practice tools). */
  markers: readonly SectionMarker[];
  current: SectionMarker | null;
}) {
  const peaks = useWaveformPeaks(engine);
  return (
    <div className={styles.deck}>
      <WaveformRing
        variant={markers.length > 0 ? 'region' : 'normal'}
        peaks={peaks}
        position={playback.position}
        duration={playback.duration}
        onSeek={playback.seek}
        region={current}
      />
      <div className={styles.deckControls}>
        <TransportBar playback={playback} sections={song.sections} />
        <ChordStrip songId={song.id} instruments={song.chordInstruments} position={playback.position} />
      </div>
    </div>
  );
}
