import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { showToast } from '../../components/ui/toast-store';
import type { UpgradeTrigger } from '../../components/ui/upgrade-dialog';
import { isSubscribed, subscriptionStatusApi, useSubscriptionStatusQuery } from '../../lib/api/subscription-status-api';
import { removePreset, writePreset } from '../../lib/db/local-documents';
import { useLocalDatabase, useLocalDocument } from '../../lib/db/use-local-database';
import { songKey } from '../../../../contract/sync-documents';
import { mixReset, presetApplied, selectMixerStems, selectPresetData } from './mixer-slice';
import type { PresetData } from './mixer-slice';
import { decidePresetAction, presetToasts, sameMix, shouldAutoApply } from './preset-actions';
import type { PresetAction } from './preset-actions';
import { presetRequiresUpgrade } from './preset-upgrade-check';

export interface SongPreset {
  /** False while the subscription status or the local database is still being read. */
  ready: boolean;
  run(action: PresetAction): Promise<void>;
  upgrade: UpgradeTrigger | null;
  closeUpgrade(): void;
}

/** A song's presets (spec 000): SAVE / LOAD / RESET for subscribers, the Upgrade modal for others, auto-apply once loaded; kept in the local database, and a refused push is checked for requiresUpgrade. */
export function useSongPreset(songId: number): SongPreset {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { database } = useLocalDatabase();
  const saved = useLocalDocument(database, 'presets', songKey(songId));
  const { data: subscription, isLoading: subscriptionLoading } = useSubscriptionStatusQuery();
  const subscribed = isSubscribed(subscription);
  const stemsLoaded = useAppSelector((state) => selectMixerStems(state).length > 0);
  const [upgrade, setUpgrade] = useState<UpgradeTrigger | null>(null);
  const applied = useRef(false);
  /** The mix as the stems loaded, before any preset or any change by the musician. */
  const loadedMix = useRef<PresetData | null>(null);
  const savedData = useMemo(
    (): PresetData | null | undefined => (saved ? { volumes: saved.volumes, mutes: saved.mutes, tempo: saved.tempo, transpose: saved.transpose } : saved),
    [saved],
  );

  // Spec 000, 4: a saved preset applies once the stems are loaded; one arriving later with a new device's first sync applies only to an untouched mix.
  useEffect(() => {
    if (!stemsLoaded) return;
    loadedMix.current ??= selectPresetData(store.getState());
    const mixUntouched = sameMix(loadedMix.current, selectPresetData(store.getState()));
    if (!shouldAutoApply({ stemsLoaded, alreadyApplied: applied.current, subscribed, saved: savedData, mixUntouched })) return;
    applied.current = true;
    if (savedData) dispatch(presetApplied(savedData));
  }, [stemsLoaded, subscribed, savedData, dispatch, store]);

  // A preset push the API refused: the replication already took the API's state back; say why.
  useEffect(() => {
    if (!database) return;
    return database.onConflicts((collection, conflicts) => {
      const refused = conflicts.find((conflict) => collection === 'presets' && conflict.refused && conflict.attempted.id === songKey(songId));
      if (!refused) return;
      void presetRequiresUpgrade(songId).then((requiresUpgrade) => {
        if (requiresUpgrade) {
          // The status this client had said Pro; read it again so the buttons gate from now on.
          dispatch(subscriptionStatusApi.util.invalidateTags(['SubscriptionStatus']));
          setUpgrade('pro_feature');
        } else {
          showToast(refused.attempted._deleted ? presetToasts.resetFailed : presetToasts.saveFailed);
        }
      });
    });
  }, [database, songId, dispatch]);

  const run = useCallback(
    async (action: PresetAction) => {
      // The mix is read when the button is pressed, not when the player last drew.
      const mix = selectPresetData(store.getState());
      const decision = decidePresetAction(action, { subscribed, mix, saved: savedData });
      switch (decision.kind) {
        case 'upgrade':
          setUpgrade(decision.trigger);
          return;
        case 'notice':
          showToast(decision.toast);
          return;
        case 'apply':
          dispatch(presetApplied(decision.presetData));
          showToast(presetToasts.loaded);
          return;
        case 'save':
          try {
            if (!database) throw new Error('The local database is not open');
            await writePreset(database, songId, decision.presetData);
            showToast(presetToasts.saved);
          } catch (error) {
            console.error('Saving the preset failed', error);
            showToast(presetToasts.saveFailed);
          }
          return;
        case 'reset':
          dispatch(mixReset());
          try {
            if (!database) throw new Error('The local database is not open');
            await removePreset(database, songId);
            showToast(presetToasts.reset);
          } catch (error) {
            console.error('Resetting the preset failed', error);
            showToast(presetToasts.resetFailed);
          }
          return;
        default: {
          const unknown: never = decision;
          throw new Error(`Unknown preset decision ${JSON.stringify(unknown)}`);
        }
      }
    },
    [store, subscribed, savedData, database, songId, dispatch],
  );

  const closeUpgrade = useCallback(() => setUpgrade(null), []);
  return { ready: !subscriptionLoading && (!subscribed || (database !== null && saved !== undefined)), run, upgrade, closeUpgrade };
}
