import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastStore } from '../../components/ui/toast-store';
import type { StemEngine } from '../../lib/audio/stem-engine';
import { selectKnownUser } from '../../lib/session/known-user-slice';
import { planStemSources, userStemCache } from '../../lib/stem-cache/user-stem-cache';
import { instrumentGroupOf } from './instrument-groups';
import { songUnloaded, stemsLoaded } from './mixer-slice';
import type { PlayerSong } from './player-api';
import { useSongPlayRecordedMutation } from './player-api';

export type SongEngineState =
  | { status: 'loading' }
  /** A stem's HEAD (or, in a race, its GET) answered 403: the credit limit is reached and nothing was loaded. */
  | { status: 'creditLimit' }
  | { status: 'failed' }
  | { status: 'ready'; engine: StemEngine };

/** Loads `song`'s stems into a new StemEngine and disposes it (with its buffers) when the song changes or the player unmounts. */
export function useSongEngine(song: PlayerSong | undefined): SongEngineState {
  const dispatch = useAppDispatch();
  const [recordPlay] = useSongPlayRecordedMutation();
  const [state, setState] = useState<SongEngineState>({ status: 'loading' });
  const userId = useAppSelector(selectKnownUser)?.id ?? null;

  useEffect(() => {
    if (!song) return;
    const controller = new AbortController();
    let engine: StemEngine | null = null;
    dispatch(songUnloaded());

    (async () => {
      // The engine (tone) loads on demand, out of the main bundle, while the stems' HEADs are asked; a stem kept for this user plays from here, unbilled (decision 0033).
      const cache = userStemCache(userId);
      const urls = song.stems.map((stem) => stem.filePath);
      const [plan, { StemEngine }] = await Promise.all([planStemSources(cache, song.id, urls, controller.signal), import('../../lib/audio/stem-engine')]);
      const choices = [...plan.values()];
      if (choices.includes('creditLimit')) {
        setState({ status: 'creditLimit' });
        return;
      }
      if (choices.includes('unavailable')) throw new Error('Offline, and this song is not kept on this device');
      const kept = { id: song.id, title: song.title, song };
      const sources = song.stems.map((stem) => ({ id: stem.id, url: stem.filePath }));
      // Drums are stretched with the rest but never transposed (decision 0032): told by instrument or name.
      const drums = new Set(song.stems.filter((stem) => [stem.instrument, stem.name].some((name) => instrumentGroupOf(name) === 'Drums')).map((stem) => stem.id));
      const loaded = await StemEngine.load(sources, { signal: controller.signal, fetch: cache?.fetchFor(kept, plan, fetch.bind(globalThis)), drums });
      if (controller.signal.aborted) {
        loaded.dispose();
        return;
      }
      // A GET refused after the HEADs passed (credits ran out meanwhile): same as a refused HEAD.
      if (loaded.graph.failures.some((failure) => failure.status === 403)) {
        loaded.dispose();
        setState({ status: 'creditLimit' });
        return;
      }
      engine = loaded;
      const names = new Map(song.stems.map((stem) => [stem.id, stem.name]));
      dispatch(stemsLoaded({ stems: loaded.graph.stemIds.map((id) => ({ id, name: names.get(id) ?? id })) }));
      setState({ status: 'ready', engine: loaded });
      void recordPlay(song.id);
      void cache?.opened(kept).catch((error: unknown) => console.warn('The kept songs could not be updated', error));
      toastStore.show({ title: 'Song loaded successfully', description: `Loaded ${loaded.graph.stemIds.length} tracks for the song` });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Loading the song failed', error);
      setState({ status: 'failed' });
      toastStore.show({ title: 'Error loading song', description: 'Failed to load the song. Please try again.', variant: 'destructive' });
    });

    return () => {
      controller.abort();
      engine?.dispose();
      dispatch(songUnloaded());
    };
  }, [song, userId, dispatch, recordPlay]);

  return song ? state : { status: 'loading' };
}
