import { describe, expect, it } from 'vitest';
import { decidePresetAction, presetToasts, sameMix, shouldAutoApply } from './preset-actions';

const mix = { volumes: { 'drums.wav': 0.4, 'bass.wav': 1 }, mutes: { 'drums.wav': false, 'bass.wav': true }, tempo: 0.7, transpose: 2 };
const saved = { volumes: { 'drums.wav': 0.8 }, mutes: { 'drums.wav': true }, tempo: 1, transpose: 0 };

describe('preset gating (spec 000, section 5)', () => {
  it('opens the Upgrade modal with trigger pro_feature for every button of a user without an active subscription', () => {
    for (const action of ['save', 'load', 'reset'] as const) {
      expect(decidePresetAction(action, { subscribed: false, mix, saved })).toEqual({ kind: 'upgrade', trigger: 'pro_feature' });
      expect(decidePresetAction(action, { subscribed: false, mix, saved: null })).toEqual({ kind: 'upgrade', trigger: 'pro_feature' });
    }
  });

  it('saves the current mix, loads the saved preset and resets for a subscriber', () => {
    expect(decidePresetAction('save', { subscribed: true, mix, saved: null })).toEqual({ kind: 'save', presetData: mix });
    expect(decidePresetAction('load', { subscribed: true, mix, saved })).toEqual({ kind: 'apply', presetData: saved });
    expect(decidePresetAction('reset', { subscribed: true, mix, saved: null })).toEqual({ kind: 'reset' });
  });

  it('says there is no saved preset when a subscriber loads a song without one', () => {
    expect(decidePresetAction('load', { subscribed: true, mix, saved: null })).toEqual({ kind: 'notice', toast: presetToasts.none });
    expect(presetToasts.none).toEqual({ title: 'No Preset Saved', description: 'Save your slider settings for this song first; LOAD brings them back.' });
  });

  it("reports 'Load Failed' when the device's database has not answered yet", () => {
    expect(decidePresetAction('load', { subscribed: true, mix, saved: undefined })).toEqual({ kind: 'notice', toast: presetToasts.loadFailed });
    expect(presetToasts.loadFailed).toEqual({ title: 'Load Failed', description: 'Failed to load preset. Please try again.', variant: 'destructive' });
  });

  it("uses the spec's texts", () => {
    expect(presetToasts.saved).toEqual({ title: 'Preset Saved', description: 'Your slider settings have been saved for this song.' });
    expect(presetToasts.reset).toEqual({ title: 'Preset Reset', description: 'All sliders have been reset to default (100%).' });
    expect(presetToasts.loaded.title).toBe('Preset Loaded');
    expect(presetToasts.saveFailed.description).toBe('Failed to save preset. Please try again.');
    expect(presetToasts.resetFailed.description).toBe('Failed to reset preset. Please try again.');
  });
});

describe('auto-apply of a saved preset', () => {
  it('applies once the stems are loaded, once, for a subscriber with a preset', () => {
    expect(shouldAutoApply({ stemsLoaded: true, alreadyApplied: false, subscribed: true, saved, mixUntouched: true })).toBe(true);
    expect(shouldAutoApply({ stemsLoaded: false, alreadyApplied: false, subscribed: true, saved, mixUntouched: true })).toBe(false);
    expect(shouldAutoApply({ stemsLoaded: true, alreadyApplied: true, subscribed: true, saved, mixUntouched: true })).toBe(false);
    expect(shouldAutoApply({ stemsLoaded: true, alreadyApplied: false, subscribed: false, saved, mixUntouched: true })).toBe(false);
    expect(shouldAutoApply({ stemsLoaded: true, alreadyApplied: false, subscribed: true, saved: null, mixUntouched: true })).toBe(false);
    expect(shouldAutoApply({ stemsLoaded: true, alreadyApplied: false, subscribed: true, saved: undefined, mixUntouched: true })).toBe(false);
  });

  it('does not apply a preset that arrives after the musician changed the mix', () => {
    expect(shouldAutoApply({ stemsLoaded: true, alreadyApplied: false, subscribed: true, saved, mixUntouched: false })).toBe(false);
  });
});

describe('sameMix', () => {
  it('compares volumes and mutes stem by stem, and the tempo and transpose', () => {
    expect(sameMix(mix, { volumes: { 'bass.wav': 1, 'drums.wav': 0.4 }, mutes: { 'bass.wav': true, 'drums.wav': false }, tempo: 0.7, transpose: 2 })).toBe(true);
    expect(sameMix(mix, { ...mix, volumes: { ...mix.volumes, 'drums.wav': 0.5 } })).toBe(false);
    expect(sameMix(mix, { ...mix, mutes: { ...mix.mutes, 'bass.wav': false } })).toBe(false);
    expect(sameMix(mix, { ...mix, volumes: { 'drums.wav': 0.4 }, mutes: { 'drums.wav': false } })).toBe(false);
    // A tempo or transpose set since the song loaded is a change of the mix: a late preset does not overwrite it.
    expect(sameMix(mix, { ...mix, tempo: 1 })).toBe(false);
    expect(sameMix(mix, { ...mix, transpose: 0 })).toBe(false);
  });
});
