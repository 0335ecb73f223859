import { useMemo } from 'react';
import type { StemEngine } from '../../lib/audio/stem-engine';
import { ChordStrip } from './chord-strip';
import { PracticeControls } from './practice-controls';
import type { PlayerSong } from './player-api';
import { currentMarkerIndex, sectionMarkers } from './section-markers-layout';
import { TransportBar } from './transport-bar';
import type { Playback } from './use-playback';
import { usePracticeControls } from './use-practice-controls';
import { useWaveformPeaks, WaveformRing } from './waveform-ring';
import styles from './waveform-ring.module.css';

/**
 * The player's deck: the circular waveform beside the transport (with section markers) and the
 * chord strip. A song with sections gets the ring's region variant, which marks the section
 * playing now; others get the normal ring.
 */
export function WaveformRingDeck({ song, engine, playback }: { song: PlayerSong; engine: StemEngine; playback: Playback }) {
  const peaks = useWaveformPeaks(engine);
  const markers = useMemo(() => sectionMarkers(song.sections, playback.duration), [song.sections, playback.duration]);
  const current = markers[currentMarkerIndex(markers, playback.position)] ?? null;
  const practice = usePracticeControls(engine, song.bpm, playback.duration, playback.refresh);
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
        <PracticeControls controls={practice} position={playback.position} section={current ? { start: current.startTime, end: current.endTime } : null} />
      </div>
    </div>
  );
}
