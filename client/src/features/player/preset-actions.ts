import type { UpgradeTrigger } from '../../components/ui/upgrade-dialog';
import type { PresetData } from './mixer-slice';

export type PresetAction = 'save' | 'load' | 'reset';

export interface PresetToast {
  title: string;
  description?: string;
  variant?: 'destructive';
}

/** What a preset button does, decided before anything is written. */
export type PresetDecision =
  | { kind: 'upgrade'; trigger: UpgradeTrigger }
  | { kind: 'save'; presetData: PresetData }
  | { kind: 'apply'; presetData: PresetData }
  | { kind: 'reset' }
  | { kind: 'notice'; toast: PresetToast };

export const presetToasts = {
  saved: { title: 'Preset Saved', description: 'Your slider settings have been saved for this song.' },
  loaded: { title: 'Preset Loaded' },
  none: { title: 'No Preset Saved', description: 'Save your slider settings for this song first; LOAD brings them back.' },
  reset: { title: 'Preset Reset', description: 'All sliders have been reset to default (100%).' },
  saveFailed: { title: 'Save Failed', description: 'Failed to save preset. Please try again.', variant: 'destructive' },
  loadFailed: { title: 'Load Failed', description: 'Failed to load preset. Please try again.', variant: 'destructive' },
  resetFailed: { title: 'Reset Failed', description: 'Failed to reset preset. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, PresetToast>;

export interface PresetContext {
  /** A definite yes from GET /api/subscription/status; anything else counts as free. */
  subscribed: boolean;
  mix: PresetData;
  /** This song's saved preset in the local database, null when there is none, undefined while the database is not read yet. */
  saved: PresetData | null | undefined;
}

/** Spec 000, 5: save, load and reset need a subscription, else the Upgrade modal; LOAD with none saved says so; before the database answers, load fails. */
export function decidePresetAction(action: PresetAction, { subscribed, mix, saved }: PresetContext): PresetDecision {
  if (!subscribed) return { kind: 'upgrade', trigger: 'pro_feature' };
  if (action === 'save') return { kind: 'save', presetData: mix };
  if (action === 'reset') return { kind: 'reset' };
  if (saved === undefined) return { kind: 'notice', toast: presetToasts.loadFailed };
  return saved ? { kind: 'apply', presetData: saved } : { kind: 'notice', toast: presetToasts.none };
}

/** Auto-applies a saved preset once per song for subscribers (spec 000, 4); a late one (first sync) only while the mix is untouched. */
export function shouldAutoApply({
  stemsLoaded,
  alreadyApplied,
  subscribed,
  saved,
  mixUntouched,
}: {
  stemsLoaded: boolean;
  alreadyApplied: boolean;
  subscribed: boolean;
  saved: PresetData | null | undefined;
  mixUntouched: boolean;
}): boolean {
  return stemsLoaded && !alreadyApplied && subscribed && saved !== null && saved !== undefined && mixUntouched;
}

export function sameMix(a: PresetData, b: PresetData): boolean {
  const sameRecord = <T>(x: Record<string, T>, y: Record<string, T>) => {
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && x[key] === y[key]);
  };
  return sameRecord(a.volumes, b.volumes) && sameRecord(a.mutes, b.mutes) && a.tempo === b.tempo && a.transpose === b.transpose;
}
