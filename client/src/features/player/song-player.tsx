import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingState } from '../../components/ui/loading-state';
import type { StemEngine } from '../../lib/audio/stem-engine';
import type { ExportAction, ExportTakeChoice } from '../../lib/export/export-mix-source';
import { practiceFactsOf } from '../../lib/practice/practice-facts';
import { paths } from '../../lib/routes/paths';
import { CreditLimitNotice } from './credit-limit-notice';
import { LyricsOverlay } from './lyrics-overlay';
import { MixerPanel } from './mixer-panel';
import { allStemsMuted, allStemsUnmuted, selectIsAllMuted, selectStemGains } from './mixer-slice';
import type { PlayerSong } from './player-api';
import { PlayerSideTabs } from './player-side-tabs';
import type { SideView } from './player-side-tabs';
import { usePlayerSongQuery } from './player-api';
import styles from './player.module.css';
import { PracticeControls } from './practice-controls';
import { PresetsBar } from './presets-bar';
import { currentMarkerIndex, sectionMarkers } from './section-markers-layout';
import { PlayerShortcuts } from './shortcuts/player-shortcuts';
import { ShortcutsButton } from './shortcuts/shortcuts-button';
import { SongInfoPanel } from './song-info-panel';
import { SpectrumAnalyzer } from './spectrum-analyzer';
import { TakeStrip } from './takes/take-strip';
import takesStyles from './takes/takes.module.css';
import { TakesPanel } from './takes/takes-panel';
import { useLatencyCalibration } from './takes/use-latency-calibration';
import { type PlayerTakes, usePlayerTakes } from './takes/use-player-takes';
import { useKeptPlayerSong } from './use-kept-player-song';
import { usePlayback } from './use-playback';
import { usePracticeControls } from './use-practice-controls';
import { usePracticeSession } from './use-practice-session';
import { useSongEngine } from './use-song-engine';
import { WaveformRingDeck } from './waveform-ring-deck';

/** What the export reads of the takes when it opens, handed up by the loaded player (the header holds the export, the body the takes). */
interface ExportTakes {
  choices: readonly ExportTakeChoice[];
  loadedTakeId: string | null;
  read: PlayerTakes['readForExport'];
}

const noExportTakes: ExportTakes = { choices: [], loadedTakeId: null, read: () => Promise.resolve(null) };

export const songNotOnThisDevice = 'This song is not on this device. Open it once while online to keep it for offline practice.';

export function SongPlayer({ songId, exportAction }: { songId: number; exportAction?: ExportAction }) {
  const { data: fetched, isError: notFetched, error } = usePlayerSongQuery(songId);
  // Offline (or the API down), a song this browser keeps opens from its kept copy (decision 0033).
  const kept = useKeptPlayerSong(songId, notFetched);
  const song = fetched ?? kept.song;
  const isError = notFetched && kept.settled && !kept.song;
  const engineState = useSongEngine(song?.id === songId ? song : undefined);
  const [exportTakes, setExportTakes] = useState<ExportTakes>(noExportTakes);

  if (isError) {
    // No answer at all (offline, the API unreachable) and not kept here: say so, not "failed".
    const unreachable = error !== undefined && 'status' in error && error.status === 'FETCH_ERROR';
    return (
      <div className={styles.centered}>
        <p>{unreachable ? songNotOnThisDevice : 'Failed to load the song. Please try again.'}</p>
        <LinkButton to={paths.library}>Back to Library</LinkButton>
      </div>
    );
  }
  if (!song) return <LoadingState label="Loading your song..." />;
  return (
    <div className={styles.player}>
      <header className={styles.header}>
        <h1 className={styles.title}>{song.title}</h1>
        {engineState.status === 'ready' ? <MuteAllButton /> : null}
        {engineState.status === 'ready' ? <PresetsBar songId={song.id} /> : null}
        {engineState.status === 'ready' ? <ShortcutsButton /> : null}
        {engineState.status === 'ready' && exportAction ? <ExportSlot title={song.title} engine={engineState.engine} exportAction={exportAction} takes={exportTakes} /> : null}
        <LinkButton to={paths.library}>Back to Library</LinkButton>
      </header>
      {engineState.status === 'loading' ? <LoadingState label="Loading your song..." /> : null}
      {engineState.status === 'creditLimit' ? <CreditLimitNotice /> : null}
      {engineState.status === 'failed' ? <p className={styles.centered}>Failed to load the song. Please try again.</p> : null}
      {engineState.status === 'ready' ? <LoadedPlayer song={song} engine={engineState.engine} onExportTakes={setExportTakes} /> : null}
    </div>
  );
}

/** The export's button (decision 0033), handed in by the app layer: the mix it reads is the one heard now. */
function ExportSlot({ title, engine, exportAction, takes }: { title: string; engine: StemEngine; exportAction: ExportAction; takes: ExportTakes }) {
  const gains = useAppSelector(selectStemGains);
  return exportAction(() => {
    const { choices, loadedTakeId, read } = takes;
    return {
      title,
      duration: engine.graph.duration,
      sampleRate: engine.graph.context.sampleRate,
      loadedStemIds: engine.graph.stemIds,
      gains,
      tempo: engine.tempo,
      transpose: engine.transpose,
      loop: engine.loopRange,
      click: engine.clickState,
      takes: choices,
      loadedTakeId,
      render: async ({ take: chosen, ...settings }, onProgress, signal) => {
        // The take's audio is read from this device when the export runs, and placed as it plays along.
        const take = chosen ? await read(chosen.id, chosen.gain) : null;
        if (chosen && !take) throw new Error('the take is no longer on this device');
        return engine.renderMix({ ...settings, take }, onProgress, signal);
      },
    };
  });
}

function MuteAllButton() {
  const dispatch = useAppDispatch();
  const isAllMuted = useAppSelector(selectIsAllMuted);
  return (
    <Button onClick={() => dispatch(isAllMuted ? allStemsUnmuted() : allStemsMuted())}>{isAllMuted ? 'UNMUTE ALL' : 'MUTE ALL'}</Button>
  );
}

function LoadedPlayer({ song, engine, onExportTakes }: { song: PlayerSong; engine: StemEngine; onExportTakes: (takes: ExportTakes) => void }) {
  const playback = usePlayback(engine);
  const gains = useAppSelector(selectStemGains);
  const [lyricsOpen, setLyricsOpen] = useState(false);
  const [sideView, setSideView] = useState<SideView>('spectrum');
  const markers = useMemo(() => sectionMarkers(song.sections, playback.duration), [song.sections, playback.duration]);
  const current = markers[currentMarkerIndex(markers, playback.position)] ?? null;
  // Held here, not in the tools: the loop, trainer and click go on while the spectrum is shown.
  const practice = usePracticeControls(engine, { bpm: song.bpm, firstBeat: song.firstBeat ?? null }, playback.duration, playback.refresh);
  const facts = useMemo(() => practiceFactsOf(practice.tempo, practice.transpose, practice.loop), [practice.tempo, practice.transpose, practice.loop]);
  usePracticeSession(song.id, playback.isPlaying, facts);
  const sectionStart = current?.startTime ?? null;
  const sectionEnd = current?.endTime ?? null;
  const section = useMemo(() => (sectionStart !== null && sectionEnd !== null ? { start: sectionStart, end: sectionEnd } : null), [sectionStart, sectionEnd]);
  const takes = usePlayerTakes({
    engine,
    songId: song.id,
    section,
    tempo: practice.tempo,
    transpose: practice.transpose,
    matchTake: (tempo, transpose) => {
      practice.setTempo(tempo);
      practice.setTranspose(transpose);
    },
    refresh: playback.refresh,
  });
  const calibration = useLatencyCalibration(engine, playback.refresh);

  useEffect(() => {
    engine.graph.setGains(gains);
  }, [engine, gains]);
  const loadedTakeId = takes.loaded?.take.id ?? null;
  useEffect(() => {
    onExportTakes({ choices: takes.exportChoices, loadedTakeId, read: takes.readForExport });
    return () => onExportTakes(noExportTakes);
  }, [onExportTakes, takes.exportChoices, loadedTakeId, takes.readForExport]);

  return (
    <div className={styles.body} data-testid="player-body" data-start-times={playback.startTimes} data-playing={playback.isPlaying}>
      <div className={styles.left} inert={lyricsOpen}>
        <PlayerSideTabs view={sideView} onView={setSideView} />
        <div id="player-side-panel" role="tabpanel" aria-labelledby={`player-side-tab-${sideView}`} className={styles.sidePanel}>
          {sideView === 'spectrum' ? <SpectrumAnalyzer engine={engine} isPlaying={playback.isPlaying} /> : null}
          {sideView === 'practice' ? <PracticeControls controls={practice} position={playback.position} section={section} /> : null}
          {sideView === 'takes' ? <TakesPanel takes={takes} calibration={calibration} hasSection={section !== null} looping={practice.loop !== null} /> : null}
        </div>
        <SongInfoPanel song={song} duration={playback.duration} onKaraoke={song.hasLyrics && song.lyrics ? () => setLyricsOpen(true) : null} />
      </div>
      <div className={styles.right} inert={lyricsOpen}>
        <WaveformRingDeck song={song} engine={engine} playback={playback} markers={markers} current={current} />
        <div className={takesStyles.mixerRow}>
          <MixerPanel engine={engine} isPlaying={playback.isPlaying} />
          {takes.loaded ? (
            <TakeStrip
              take={takes.loaded.take}
              heard={takes.loaded.heard}
              strip={takes.strip}
              level={takes.level}
              isPlaying={playback.isPlaying}
              onVolume={takes.setVolume}
              onMute={takes.toggleMute}
              onSolo={takes.toggleSolo}
              onClose={takes.unload}
            />
          ) : null}
        </div>
      </div>
      <PlayerShortcuts playback={playback} practice={practice} section={section} onRecord={takes.unavailable || calibration.phase !== 'idle' ? undefined : takes.toggleRecording} />
      {lyricsOpen && song.lyrics ? (
        <LyricsOverlay
          text={song.lyrics}
          position={playback.position}
          isPlaying={playback.isPlaying}
          onPlay={playback.play}
          onPause={playback.pause}
          onClose={() => setLyricsOpen(false)}
        />
      ) : null}
    </div>
  );
}
