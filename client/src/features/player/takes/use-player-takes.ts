import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { type MicrophoneProblem, recordingSupport } from '../../../lib/audio/recording/microphone-problems';
import { MicrophoneError } from '../../../lib/audio/recording/microphone-capture';
import { TakeChannel } from '../../../lib/audio/recording/take-channel';
import { takeHeardAt } from '../../../lib/audio/recording/take-lane';
import type { MixTake } from '../../../lib/audio/render-mix';
import type { StemEngine } from '../../../lib/audio/stem-engine';
import type { Seconds } from '../../../lib/audio/units';
import { removeTake, renameTake, writeTake } from '../../../lib/db/local-documents';
import { useLocalCollection, useLocalDatabase, useSyncState } from '../../../lib/db/use-local-database';
import { selectKnownUser } from '../../../lib/session/known-user-slice';
import { type TakeAudioStore, readTakeSamples } from '../../../lib/takes/take-audio';
import { takeAudioStore } from '../../../lib/takes/indexed-db-take-audio-store';
import { type Microphone, TakeRecording } from '../../../lib/takes/take-recording';
import { selectSoloStemId } from '../mixer-slice';
import type { ExportTakeChoice } from '../../../lib/export/export-mix-source';
import { type TakeListItem, nextTakeNumber, takeListItems, takePlacement } from './take-list-items';
import { measuredLatencyOnThisBrowser } from './use-latency-calibration';

export type RecordingStatus = 'idle' | 'arming' | 'recording' | 'saving';
/** What the Record control records: from the playhead on (each loop pass its own take while looping), or the section it is in. */
export type RecordScope = 'song' | 'section';

export interface TakeStripState {
  volume: number;
  muted: boolean;
  soloed: boolean;
}

export interface PlayerTakes {
  /** Why recording is not offered here (not a secure context, no microphone API); null when it is. */
  unavailable: MicrophoneProblem | null;
  status: RecordingStatus;
  /** Why the last recording could not start or ended early; null when it did not. */
  problem: MicrophoneProblem | null;
  scope: RecordScope;
  setScope(scope: RecordScope): void;
  takes: TakeListItem[];
  /** The take playing along as a channel strip, and whether it is heard at the tempo and transpose now. */
  loaded: { take: TakeListItem; heard: boolean } | null;
  strip: TakeStripState;
  toggleRecording(): void;
  startRecording(): void;
  stopRecording(): void;
  playAlong(takeId: string): void;
  unload(): void;
  rename(takeId: string, name: string): void;
  remove(takeId: string): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleSolo(): void;
  /** The loaded take's level in dBFS, for its meter. */
  level(): number;
  /** The takes the export can mix in now: on this device, recorded at the tempo and transpose set, at the strip's volume and mute. */
  exportChoices: ExportTakeChoice[];
  /** A take's audio placed for the export at `gain`; null when this device no longer holds it. */
  readForExport(takeId: string, gain: number): Promise<MixTake | null>;
}

export interface PlayerTakesOptions {
  engine: StemEngine;
  songId: number;
  /** The section the playhead is in, for "This section". */
  section: { start: Seconds; end: Seconds } | null;
  tempo: number;
  transpose: number;
  /** Sets the band to a take's tempo and transpose, so it is heard in sync. */
  matchTake(tempo: number, transpose: number): void;
  /** Reads the engine again after the recorder started or stopped it. */
  refresh(): void;
  /** Tests replace the microphone and the store. */
  openMicrophone?: (context: AudioContext) => Promise<Microphone>;
  store?: TakeAudioStore | null;
}

function currentSupport(): MicrophoneProblem | null {
  return recordingSupport({ isSecureContext: globalThis.isSecureContext === true, hasGetUserMedia: typeof globalThis.navigator?.mediaDevices?.getUserMedia === 'function' });
}

/** The player's takes: recording over the band, the list of this song's takes (synced metadata, audio on this device) and the one playing along. */
export function usePlayerTakes(options: PlayerTakesOptions): PlayerTakes {
  const { engine, songId, section, tempo, transpose, matchTake, refresh } = options;
  const userId = useAppSelector(selectKnownUser)?.id ?? null;
  const soloStemId = useAppSelector(selectSoloStemId);
  const { database } = useLocalDatabase();
  const documents = useLocalCollection(database, 'takes');
  const store = options.store === undefined ? takeAudioStore() : options.store;
  const [onDevice, setOnDevice] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<RecordingStatus>('idle');
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  const [scope, setScope] = useState<RecordScope>('song');
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [strip, setStrip] = useState<TakeStripState>({ volume: 1, muted: false, soloed: false });
  const recording = useRef<TakeRecording | null>(null);
  const channel = useRef<TakeChannel | null>(null);
  const unavailable = useMemo(() => currentSupport(), []);

  const takes = useMemo(() => takeListItems(documents ?? [], songId, onDevice), [documents, songId, onDevice]);
  const loadedTake = takes.find((take) => take.id === loadedId) ?? null;

  const readOnDevice = useCallback(async () => {
    if (!store || userId === null) return;
    setOnDevice(await store.takeIdsOf(userId));
  }, [store, userId]);

  useEffect(() => {
    if (!store || userId === null) return;
    let current = true;
    void store.takeIdsOf(userId).then((ids) => {
      if (current) setOnDevice(ids);
    });
    return () => {
      current = false;
    };
  }, [store, userId]);

  // A take deleted (here, on another device, or refused by the server) frees its audio on this one,
  // once the collection is in step with the server: before that, missing metadata means nothing.
  const takesSync = useSyncState(database, 'takes');
  useEffect(() => {
    if (takesSync !== 'synced' || !documents || !store || userId === null) return;
    const live = new Set(documents.map((take) => take.id));
    const gone = [...onDevice].filter((id) => !live.has(id));
    if (gone.length === 0) return;
    void Promise.all(gone.map((id) => store.deleteTake(userId, id))).then(async () => {
      setLoadedId((current) => (current !== null && gone.includes(current) ? null : current));
      setOnDevice(await store.takeIdsOf(userId));
    });
  }, [takesSync, documents, onDevice, store, userId]);

  const stopRecording = useCallback(() => {
    const current = recording.current;
    if (!current) return;
    setStatus('saving');
    void current
      .stop()
      .then(async ({ takes: recorded, problem: ended }) => {
        if (database) for (const take of recorded) await writeTake(database, take.metadata);
        if (ended) setProblem(ended);
        await readOnDevice();
      })
      .catch((error: unknown) => {
        console.error('Saving the take failed', error);
        setProblem('failed');
      })
      .finally(() => {
        if (recording.current === current) recording.current = null;
        setStatus('idle');
        refresh();
      });
  }, [database, readOnDevice, refresh]);

  const startRecording = useCallback(() => {
    if (recording.current || unavailable || !store || userId === null) return;
    setProblem(null);
    setStatus('arming');
    const recordSection = scope === 'section' && section !== null && engine.loopRange === null ? section : null;
    void (async () => {
      let armed: TakeRecording | null = null;
      try {
        armed = await TakeRecording.arm({
          engine,
          store,
          userId,
          songId,
          firstNumber: nextTakeNumber(takes),
          section: recordSection,
          measuredLatency: measuredLatencyOnThisBrowser,
          ...(options.openMicrophone && { openMicrophone: options.openMicrophone }),
        });
        recording.current = armed;
        await armed.start((ended) => {
          if (ended) setProblem(ended);
          stopRecording();
        });
        setStatus('recording');
        refresh();
      } catch (error) {
        recording.current = null;
        armed?.abandon();
        setProblem(error instanceof MicrophoneError ? error.problem : 'failed');
        if (!(error instanceof MicrophoneError)) console.error('Recording failed to start', error);
        setStatus('idle');
      }
    })();
  }, [unavailable, store, userId, scope, section, engine, songId, takes, options.openMicrophone, stopRecording, refresh]);

  const toggleRecording = useCallback(() => {
    if (recording.current) stopRecording();
    else startRecording();
  }, [startRecording, stopRecording]);

  // Leaving the player mid-take keeps what was recorded.
  const keepOnLeave = useRef(stopRecording);
  useEffect(() => {
    keepOnLeave.current = stopRecording;
  }, [stopRecording]);
  useEffect(() => () => keepOnLeave.current(), []);

  // The loaded take's channel: built from its audio, dropped with the engine or when another loads.
  useEffect(() => {
    if (loadedId === null || !store || userId === null || engine.graph.disposed) return;
    let cancelled = false;
    let built: TakeChannel | null = null;
    const placement = takes.find((take) => take.id === loadedId);
    if (!placement) return;
    void (async () => {
      const audio = await readTakeSamples(store, userId, loadedId);
      if (cancelled || !audio || engine.graph.disposed) return;
      const context = engine.graph.context.rawContext as BaseAudioContext;
      built = await TakeChannel.create(context, audio.samples, takePlacement(placement), (output) => engine.graph.connectToMaster(output));
      if (cancelled || engine.graph.disposed) {
        built.dispose();
        return;
      }
      channel.current = built;
      engine.graph.addLane(built);
    })().catch((error: unknown) => console.error('The take could not be loaded', error));
    return () => {
      cancelled = true;
      if (built && !engine.graph.disposed) engine.graph.removeLane(built);
      else built?.dispose();
      if (channel.current === built) channel.current = null;
    };
    // Placement never changes for a take id; the list's other changes must not rebuild the channel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedId, engine, store, userId]);

  const level = useCallback(() => channel.current?.level() ?? -Infinity, []);

  // Volume, mute and solo: a soloed take silences the band; a soloed stem silences the take.
  const audible = strip.muted || (soloStemId !== null && !strip.soloed) ? 0 : strip.volume;

  // Any take the strip would play: its volume and mute go with the next take loaded, its solo with the one loaded.
  const exportChoices = useMemo(
    () =>
      takes
        .filter((take) => take.onDevice && takeHeardAt(take, { tempo, transpose }))
        .map((take) => {
          const soloed = strip.soloed && take.id === loadedId;
          return { id: take.id, name: take.name, gain: strip.muted || (soloStemId !== null && !soloed) ? 0 : strip.volume, soloed };
        }),
    [takes, tempo, transpose, strip, loadedId, soloStemId],
  );
  const readForExport = useCallback(
    async (takeId: string, gain: number): Promise<MixTake | null> => {
      const take = takes.find((candidate) => candidate.id === takeId);
      if (!take || !store || userId === null) return null;
      const audio = await readTakeSamples(store, userId, takeId);
      return audio ? { samples: audio.samples, sampleRate: audio.sampleRate, placement: takePlacement(take), gain } : null;
    },
    [takes, store, userId],
  );
  useEffect(() => {
    channel.current?.setGain(audible);
  });
  useEffect(() => {
    if (engine.graph.disposed) return;
    engine.graph.setBandMuted(loadedId !== null && strip.soloed);
  }, [engine, loadedId, strip.soloed]);

  return {
    unavailable,
    status,
    problem,
    scope,
    setScope,
    takes,
    loaded: loadedTake ? { take: loadedTake, heard: takeHeardAt(loadedTake, { tempo, transpose }) } : null,
    strip,
    toggleRecording,
    startRecording,
    stopRecording,
    playAlong: (takeId) => {
      const take = takes.find((candidate) => candidate.id === takeId);
      if (!take?.onDevice) return;
      matchTake(take.tempo, take.transpose);
      setLoadedId(takeId);
    },
    unload: () => {
      setLoadedId(null);
      setStrip((current) => ({ ...current, soloed: false }));
    },
    rename: (takeId, name) => {
      const trimmed = name.trim().slice(0, 80);
      if (!database || trimmed === '') return;
      void renameTake(database, takeId, trimmed);
    },
    remove: (takeId) => {
      if (takeId === loadedId) setLoadedId(null);
      if (database) void removeTake(database, takeId);
      if (store && userId !== null) void store.deleteTake(userId, takeId).then(readOnDevice);
    },
    setVolume: (volume) => setStrip((current) => ({ ...current, volume, muted: volume === 0 ? current.muted : false })),
    toggleMute: () => setStrip((current) => ({ ...current, muted: !current.muted })),
    toggleSolo: () => setStrip((current) => ({ ...current, soloed: !current.soloed })),
    level,
    exportChoices,
    readForExport,
  };
}
