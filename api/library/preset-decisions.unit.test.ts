import { describe, it } from 'vitest';
import { decisionSpec } from '../../events/catalog/testing/decision-spec';
import { RequiresUpgrade, decideResetPreset, decideSavePreset } from './preset-decisions';
import { evolvePresetState, initialPresetState } from './preset-state';

const quiet = { volumes: { 'drums.wav': 0.25 }, mutes: { 'vocals.wav': true }, tempo: 0.7, transpose: 2 };
const saved = { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: quiet } } as const;
const reset = { type: 'SongPresetReset', data: { userId: 7, songId: 1 } } as const;

describe('preset decisions', () => {
  const save = decisionSpec(decideSavePreset, evolvePresetState, initialPresetState);
  const resetPreset = decisionSpec(decideResetPreset, evolvePresetState, initialPresetState);

  it('saves a Pro user’s preset; the same settings again (in any key order) change nothing; other settings replace it', () => {
    save.given([]).when({ userId: 7, songId: 1, presetData: quiet, hasActiveSubscription: true }).then([saved]);
    save
      .given([saved])
      .when({ userId: 7, songId: 1, presetData: { transpose: 2, tempo: 0.7, mutes: { 'vocals.wav': true }, volumes: { 'drums.wav': 0.25 } }, hasActiveSubscription: true })
      .then([]);
    const loud = { volumes: { 'drums.wav': 1 }, mutes: {}, tempo: 1, transpose: 0 };
    save.given([saved]).when({ userId: 7, songId: 1, presetData: loud, hasActiveSubscription: true }).then([
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: loud } },
    ]);
    save.given([saved, reset]).when({ userId: 7, songId: 1, presetData: quiet, hasActiveSubscription: true }).then([saved]);
  });

  it('tempo and transpose are part of the settings; a preset saved before them reads as 1x and 0', () => {
    const slower = { ...quiet, tempo: 0.75 };
    save.given([saved]).when({ userId: 7, songId: 1, presetData: slower, hasActiveSubscription: true }).then([
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: slower } },
    ]);
    const down = { ...quiet, transpose: -1 };
    save.given([saved]).when({ userId: 7, songId: 1, presetData: down, hasActiveSubscription: true }).then([
      { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: down } },
    ]);
    const old = { type: 'SongPresetSaved', data: { userId: 7, songId: 1, presetData: { volumes: quiet.volumes, mutes: quiet.mutes } } } as const;
    const sameAtDefaults = { volumes: quiet.volumes, mutes: quiet.mutes, tempo: 1, transpose: 0 };
    save.given([old]).when({ userId: 7, songId: 1, presetData: sameAtDefaults, hasActiveSubscription: true }).then([]);
  });

  it('resets a saved preset once; nothing to reset without one', () => {
    resetPreset.given([saved]).when({ userId: 7, songId: 1, hasActiveSubscription: true }).then([reset]);
    resetPreset.given([saved, reset]).when({ userId: 7, songId: 1, hasActiveSubscription: true }).then([]);
    resetPreset.given([]).when({ userId: 7, songId: 1, hasActiveSubscription: true }).then([]);
  });

  it('refuses users without an active subscription, whatever the stream holds (spec 000 section 5)', () => {
    save.given([]).when({ userId: 7, songId: 1, presetData: quiet, hasActiveSubscription: false }).thenThrows(RequiresUpgrade);
    save.given([saved]).when({ userId: 7, songId: 1, presetData: quiet, hasActiveSubscription: false }).thenThrows(RequiresUpgrade);
    resetPreset.given([saved]).when({ userId: 7, songId: 1, hasActiveSubscription: false }).thenThrows(RequiresUpgrade);
    resetPreset.given([]).when({ userId: 7, songId: 1, hasActiveSubscription: false }).thenThrows('Upgrade to Pro');
  });
});
