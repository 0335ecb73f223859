import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../lib/session/session-ended';
import {
  allStemsMuted,
  allStemsUnmuted,
  groupMuteToggled,
  groupVolumeChanged,
  mixerSlice,
  mixReset,
  presetApplied,
  selectIsAllMuted,
  selectMixerGroups,
  selectPresetData,
  selectSoloStemId,
  selectStemGains,
  selectTempo,
  selectTranspose,
  songUnloaded,
  stemMuted,
  stemSoloed,
  stemsLoaded,
  stemUnmuted,
  stemUnsoloed,
  stemVolumeChanged,
  tempoChanged,
  transposeChanged,
} from './mixer-slice';
import type { MixerState } from './mixer-slice';

const song = stemsLoaded({
  stems: [
    { id: 'kick.mp3', name: 'kick' },
    { id: 'snare.mp3', name: 'snare' },
    { id: 'bass.mp3', name: 'bass' },
    { id: 'vocals.mp3', name: 'vocals' },
    { id: 'strings.mp3', name: 'strings' },
  ],
});

/** The mixer after `actions`, starting from the loaded song. */
function mix(...actions: UnknownAction[]): { mixer: MixerState } {
  return { mixer: [song, ...actions].reduce(mixerSlice.reducer, undefined as MixerState | undefined)! };
}

const gains = (...actions: UnknownAction[]) => selectStemGains(mix(...actions));

describe('mixer slice', () => {
  it('names its actions as events', () => {
    expect(stemMuted({ stemId: 'x' }).type).toBe('mixer/stemMuted');
    expect(allStemsMuted().type).toBe('mixer/allStemsMuted');
  });

  it('loads every stem at 100%, unmuted, in its instrument group', () => {
    expect(gains()).toEqual({ 'kick.mp3': 1, 'snare.mp3': 1, 'bass.mp3': 1, 'vocals.mp3': 1, 'strings.mp3': 1 });
    expect(selectMixerGroups(mix()).map((group) => [group.name, group.stemIds])).toEqual([
      ['Drums', ['kick.mp3', 'snare.mp3']],
      ['Bass', ['bass.mp3']],
      ['Vocals', ['vocals.mp3']],
      ['strings', ['strings.mp3']],
    ]);
  });

  describe('volume', () => {
    it('is clamped to 0..1 and a NaN changes nothing', () => {
      expect(gains(stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.4 }))['bass.mp3']).toBe(0.4);
      expect(gains(stemVolumeChanged({ stemId: 'bass.mp3', volume: 1.7 }))['bass.mp3']).toBe(1);
      expect(gains(stemVolumeChanged({ stemId: 'bass.mp3', volume: -0.2 }))['bass.mp3']).toBe(0);
      expect(gains(stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.4 }), stemVolumeChanged({ stemId: 'bass.mp3', volume: Number.NaN }))['bass.mp3']).toBe(0.4);
      expect(gains(groupVolumeChanged({ group: 'Drums', volume: 3 }))).toMatchObject({ 'kick.mp3': 1, 'snare.mp3': 1 });
    });

    it('of a group moves every stem of the group', () => {
      const state = mix(groupVolumeChanged({ group: 'Drums', volume: 0.3 }));
      expect(selectStemGains(state)).toMatchObject({ 'kick.mp3': 0.3, 'snare.mp3': 0.3, 'bass.mp3': 1 });
      expect(selectMixerGroups(state)[0]).toMatchObject({ name: 'Drums', volume: 0.3, muted: false });
    });

    it('raised above 0 unmutes a muted group; lowered to 0 it stays muted', () => {
      const muted = [groupMuteToggled({ group: 'Drums' })];
      expect(selectMixerGroups(mix(...muted, groupVolumeChanged({ group: 'Drums', volume: 0 })))[0]).toMatchObject({ muted: true, volume: 0 });
      const raised = mix(...muted, groupVolumeChanged({ group: 'Drums', volume: 0.5 }));
      expect(selectMixerGroups(raised)[0]).toMatchObject({ muted: false, volume: 0.5 });
      expect(selectStemGains(raised)).toMatchObject({ 'kick.mp3': 0.5, 'snare.mp3': 0.5 });
    });
  });

  describe('mute', () => {
    it('silences the stem, drops its slider to 0, and unmute restores the remembered volume', () => {
      const muted = [stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.45 }), stemMuted({ stemId: 'bass.mp3' })];
      expect(gains(...muted)['bass.mp3']).toBe(0);
      expect(mix(...muted).mixer.stems.find((stem) => stem.id === 'bass.mp3')).toMatchObject({ volume: 0, muted: true, rememberedVolume: 0.45 });
      expect(gains(...muted, stemUnmuted({ stemId: 'bass.mp3' }))['bass.mp3']).toBe(0.45);
    });

    it('unmutes at 0.7 when the remembered volume was 0', () => {
      expect(gains(stemVolumeChanged({ stemId: 'bass.mp3', volume: 0 }), stemMuted({ stemId: 'bass.mp3' }), stemUnmuted({ stemId: 'bass.mp3' }))['bass.mp3']).toBe(0.7);
    });

    it('twice keeps the first remembered volume', () => {
      const actions = [stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.6 }), stemMuted({ stemId: 'bass.mp3' }), stemMuted({ stemId: 'bass.mp3' }), stemUnmuted({ stemId: 'bass.mp3' })];
      expect(gains(...actions)['bass.mp3']).toBe(0.6);
      expect(gains(stemUnmuted({ stemId: 'bass.mp3' }))['bass.mp3']).toBe(1); // unmuting an unmuted stem changes nothing
    });

    it('of a group mutes all when any stem sounds, and unmutes all when all are muted', () => {
      const oneMuted = [stemVolumeChanged({ stemId: 'snare.mp3', volume: 0.2 }), stemMuted({ stemId: 'kick.mp3' })];
      const allMuted = mix(...oneMuted, groupMuteToggled({ group: 'Drums' }));
      expect(selectMixerGroups(allMuted)[0]!.muted).toBe(true);
      expect(selectStemGains(allMuted)).toMatchObject({ 'kick.mp3': 0, 'snare.mp3': 0, 'bass.mp3': 1 });
      const back = mix(...oneMuted, groupMuteToggled({ group: 'Drums' }), groupMuteToggled({ group: 'Drums' }));
      expect(selectStemGains(back)).toMatchObject({ 'kick.mp3': 1, 'snare.mp3': 0.2 });
    });

    it('ignores stems and groups the song does not have', () => {
      const before = mix();
      for (const action of [stemMuted({ stemId: 'nope' }), groupMuteToggled({ group: 'Keys' }), groupVolumeChanged({ group: 'Keys', volume: 0 }), stemSoloed({ stemId: 'nope' })]) {
        expect(mixerSlice.reducer(before.mixer, action)).toEqual(before.mixer);
      }
    });
  });

  describe('solo', () => {
    it('mutes every other stem and sounds the soloed one', () => {
      const state = mix(stemMuted({ stemId: 'vocals.mp3' }), stemSoloed({ stemId: 'vocals.mp3' }));
      expect(selectStemGains(state)).toEqual({ 'kick.mp3': 0, 'snare.mp3': 0, 'bass.mp3': 0, 'vocals.mp3': 1, 'strings.mp3': 0 });
      expect(selectSoloStemId(state)).toBe('vocals.mp3');
    });

    it('unsolo restores the mix from before the solo, also after switching the solo', () => {
      const before = [stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.3 }), stemMuted({ stemId: 'strings.mp3' })];
      const expected = gains(...before);
      expect(gains(...before, stemSoloed({ stemId: 'kick.mp3' }), stemUnsoloed())).toEqual(expected);
      const switched = [...before, stemSoloed({ stemId: 'kick.mp3' }), stemSoloed({ stemId: 'strings.mp3' })];
      expect(gains(...switched)).toEqual({ 'kick.mp3': 0, 'snare.mp3': 0, 'bass.mp3': 0, 'vocals.mp3': 0, 'strings.mp3': 1 });
      expect(gains(...switched, stemUnsoloed())).toEqual(expected);
      expect(selectSoloStemId(mix(...switched, stemUnsoloed()))).toBeNull();
    });

    it('ends, keeping the mix as it is, when the user changes the mix during it', () => {
      const state = mix(stemSoloed({ stemId: 'kick.mp3' }), stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.5 }), stemUnsoloed());
      expect(selectSoloStemId(state)).toBeNull();
      expect(selectStemGains(state)).toEqual({ 'kick.mp3': 1, 'snare.mp3': 0, 'bass.mp3': 0.5, 'vocals.mp3': 0, 'strings.mp3': 0 });
    });
  });

  describe('MUTE ALL', () => {
    it('mutes every stem, turns the button into UNMUTE ALL, and UNMUTE ALL restores each prior state', () => {
      const before = [stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.25 }), stemMuted({ stemId: 'vocals.mp3' })];
      const allMuted = mix(...before, allStemsMuted());
      expect(Object.values(selectStemGains(allMuted)).every((gain) => gain === 0)).toBe(true);
      expect(selectIsAllMuted(allMuted)).toBe(true);
      const restored = mix(...before, allStemsMuted(), allStemsUnmuted());
      expect(selectIsAllMuted(restored)).toBe(false);
      expect(selectStemGains(restored)).toEqual({ 'kick.mp3': 1, 'snare.mp3': 1, 'bass.mp3': 0.25, 'vocals.mp3': 0, 'strings.mp3': 1 });
      expect(selectStemGains(mix(...before, allStemsMuted(), allStemsUnmuted(), stemUnmuted({ stemId: 'vocals.mp3' })))['vocals.mp3']).toBe(1);
    });

    it('pressed twice keeps the first snapshot; UNMUTE ALL without MUTE ALL changes nothing', () => {
      const restored = mix(stemMuted({ stemId: 'kick.mp3' }), allStemsMuted(), allStemsMuted(), allStemsUnmuted());
      expect(selectStemGains(restored)).toMatchObject({ 'kick.mp3': 0, 'snare.mp3': 1 });
      expect(mixerSlice.reducer(mix().mixer, allStemsUnmuted())).toEqual(mix().mixer);
    });

    it('restores the mute states of before even when stems were changed in between', () => {
      const state = mix(allStemsMuted(), stemUnmuted({ stemId: 'kick.mp3' }), groupVolumeChanged({ group: 'Bass', volume: 0.8 }), allStemsUnmuted());
      expect(selectStemGains(state)).toEqual({ 'kick.mp3': 1, 'snare.mp3': 1, 'bass.mp3': 0.8, 'vocals.mp3': 1, 'strings.mp3': 1 });
    });
  });

  describe('presets', () => {
    it('apply levels and mutes; a stem the preset does not name goes to 100%; levels are clamped', () => {
      const state = mix(
        stemVolumeChanged({ stemId: 'strings.mp3', volume: 0.1 }),
        presetApplied({ volumes: { 'kick.mp3': 0.5, 'snare.mp3': 1.4, 'bass.mp3': 0.6 }, mutes: { 'bass.mp3': true, 'unknown.mp3': true }, tempo: 1, transpose: 0 }),
      );
      expect(selectStemGains(state)).toEqual({ 'kick.mp3': 0.5, 'snare.mp3': 1, 'bass.mp3': 0, 'vocals.mp3': 1, 'strings.mp3': 1 });
      expect(selectStemGains(mix(...[presetApplied({ volumes: { 'bass.mp3': 0.6 }, mutes: { 'bass.mp3': true }, tempo: 1, transpose: 0 }), stemUnmuted({ stemId: 'bass.mp3' })]))['bass.mp3']).toBe(0.6);
    });

    it('round-trip: the saved data of a mix applies back to the same mix, tempo and transpose included', () => {
      const actions = [
        stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.35 }),
        stemMuted({ stemId: 'bass.mp3' }),
        stemVolumeChanged({ stemId: 'kick.mp3', volume: 0.9 }),
        tempoChanged({ tempo: 0.7 }),
        transposeChanged({ semitones: 2 }),
      ];
      const saved = selectPresetData(mix(...actions));
      expect(saved.volumes['bass.mp3']).toBe(0.35);
      expect(saved.mutes).toMatchObject({ 'bass.mp3': true, 'kick.mp3': false });
      expect([saved.tempo, saved.transpose]).toEqual([0.7, 2]);
      const applied = mix(presetApplied(saved));
      expect(selectStemGains(applied)).toEqual(gains(...actions));
      expect(selectPresetData(applied)).toEqual(saved);
      expect(gains(presetApplied(saved), stemUnmuted({ stemId: 'bass.mp3' }))['bass.mp3']).toBe(0.35);
    });

    it('apply ends a solo and MUTE ALL', () => {
      const state = mix(stemSoloed({ stemId: 'kick.mp3' }), allStemsMuted(), presetApplied({ volumes: {}, mutes: {}, tempo: 1, transpose: 0 }));
      expect(selectSoloStemId(state)).toBeNull();
      expect(selectIsAllMuted(state)).toBe(false);
      expect(Object.values(selectStemGains(state))).toEqual([1, 1, 1, 1, 1]);
    });

    it('apply sets the tempo and transpose (clamped to 0.5..1.5 and whole semitones -6..+6)', () => {
      const preset = { volumes: {}, mutes: {} };
      const applied = mix(tempoChanged({ tempo: 1.2 }), presetApplied({ ...preset, tempo: 0.7, transpose: -3 }));
      expect([selectTempo(applied), selectTranspose(applied)]).toEqual([0.7, -3]);
      const wild = mix(presetApplied({ ...preset, tempo: 3, transpose: -9 }));
      expect([selectTempo(wild), selectTranspose(wild)]).toEqual([1.5, -6]);
      const undefinedPractice = mix(tempoChanged({ tempo: 0.6 }), presetApplied({ ...preset, tempo: Number.NaN, transpose: Number.NaN }));
      expect([selectTempo(undefinedPractice), selectTranspose(undefinedPractice)]).toEqual([1, 0]);
    });

    it('RESET puts every stem back at 100%, unmuted, at 1x and 0 semitones', () => {
      const practised = mix(tempoChanged({ tempo: 0.7 }), transposeChanged({ semitones: 2 }), mixReset());
      expect([selectTempo(practised), selectTranspose(practised)]).toEqual([1, 0]);
      const state = mix(stemVolumeChanged({ stemId: 'bass.mp3', volume: 0.2 }), stemSoloed({ stemId: 'vocals.mp3' }), allStemsMuted(), mixReset());
      expect(Object.values(selectStemGains(state))).toEqual([1, 1, 1, 1, 1]);
      expect(selectIsAllMuted(state)).toBe(false);
      expect(selectSoloStemId(state)).toBeNull();
      expect(gains(mixReset(), stemMuted({ stemId: 'bass.mp3' }), stemUnmuted({ stemId: 'bass.mp3' }))['bass.mp3']).toBe(1);
    });
  });

  describe('tempo and transpose', () => {
    it('load at 1x and 0; changes are clamped to 0.5..1.5 and whole semitones -6..+6; NaN changes nothing', () => {
      expect([selectTempo(mix()), selectTranspose(mix())]).toEqual([1, 0]);
      expect(selectTempo(mix(tempoChanged({ tempo: 0.75 })))).toBe(0.75);
      expect(selectTempo(mix(tempoChanged({ tempo: 0.2 })))).toBe(0.5);
      expect(selectTempo(mix(tempoChanged({ tempo: 2 })))).toBe(1.5);
      expect(selectTempo(mix(tempoChanged({ tempo: 0.8 }), tempoChanged({ tempo: Number.NaN })))).toBe(0.8);
      expect(selectTranspose(mix(transposeChanged({ semitones: 2 })))).toBe(2);
      expect(selectTranspose(mix(transposeChanged({ semitones: 9 })))).toBe(6);
      expect(selectTranspose(mix(transposeChanged({ semitones: -1.4 })))).toBe(-1);
      expect(tempoChanged({ tempo: 1 }).type).toBe('mixer/tempoChanged');
    });

    it('a new song starts at 1x and 0', () => {
      expect([selectTempo(mix(tempoChanged({ tempo: 0.6 }), transposeChanged({ semitones: 4 }), song)), selectTranspose(mix(transposeChanged({ semitones: 4 }), song))]).toEqual([1, 0]);
    });
  });

  it('clears the mix when the song is unloaded or the user logs out', () => {
    const cleared = { stems: [], solo: null, muteAllBefore: null, tempo: 1, transpose: 0 };
    expect(mix(tempoChanged({ tempo: 0.7 }), songUnloaded()).mixer).toEqual(cleared);
    expect(mix(allStemsMuted(), transposeChanged({ semitones: 1 }), sessionEnded()).mixer).toEqual(cleared);
  });

  it('keeps derived selectors stable while the stems do not change', () => {
    const state = mix();
    expect(selectStemGains(state)).toBe(selectStemGains(state));
    expect(selectMixerGroups(state)).toBe(selectMixerGroups(state));
  });
});
