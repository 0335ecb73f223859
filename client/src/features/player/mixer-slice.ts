import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { NormalRange } from '../../lib/audio/units';
import { sessionEnded } from '../../lib/session/session-ended';
import { groupStems, instrumentGroupOf } from './instrument-groups';

/** Spec 000 section 9: unmuting a stem whose remembered volume was 0 (or below) brings it here. */
export const FALLBACK_UNMUTE_VOLUME: NormalRange = 0.7;
export const DEFAULT_VOLUME: NormalRange = 1;

export interface StemMix {
  /** The slider's level; 0 while muted (the slider drops to 0, and raising it unmutes). */
  volume: NormalRange;
  muted: boolean;
  /** The volume before the stem was muted, restored on unmute (spec 000 section 4). */
  rememberedVolume: NormalRange;
}

/** A stem of the loaded song in the mixer; `id` is the key presets use. */
export interface MixerStem extends StemMix {
  id: string;
  name: string;
  /** Its instrument group (spec 000 section 3): the mixer shows one strip per group. */
  group: string;
}

/** The mix of the loaded song. Only serialisable data: the audio engine follows `selectStemGains`. */
export interface MixerState {
  /** In load order; the strips' order comes from `selectMixerGroups`. */
  stems: MixerStem[];
  /** While a stem is soloed: which, and every stem's mix before, restored on unsolo. */
  solo: { stemId: string; before: Record<string, StemMix> } | null;
  muteAllBefore: Record<string, boolean> | null;
  /** Playback rate (1 = as recorded) and semitones; in the mix because presets save them (decision 0032). */
  tempo: number;
  transpose: number;
}

export interface PresetData {
  volumes: Record<string, number>;
  mutes: Record<string, boolean>;
  tempo: number;
  transpose: number;
}

/** Tempo and transpose after loading and after RESET: the song as it is (ranges below, decision 0032). */
export const DEFAULT_TEMPO = 1;
export const DEFAULT_TRANSPOSE = 0;
export const PRACTICE_TEMPO_RANGE = { min: 0.5, max: 1.5 } as const;
export const PRACTICE_TRANSPOSE_RANGE = { min: -6, max: 6 } as const;

const initialState: MixerState = { stems: [], solo: null, muteAllBefore: null, tempo: DEFAULT_TEMPO, transpose: DEFAULT_TRANSPOSE };

function clampTempo(tempo: number): number {
  return Math.min(PRACTICE_TEMPO_RANGE.max, Math.max(PRACTICE_TEMPO_RANGE.min, tempo));
}

function clampTranspose(semitones: number): number {
  return Math.min(PRACTICE_TRANSPOSE_RANGE.max, Math.max(PRACTICE_TRANSPOSE_RANGE.min, Math.round(semitones)));
}

function clampVolume(volume: number): NormalRange {
  return Math.min(1, Math.max(0, volume));
}

function mute(stem: StemMix): void {
  if (stem.muted) return;
  stem.rememberedVolume = stem.volume;
  stem.volume = 0;
  stem.muted = true;
}

function unmute(stem: StemMix): void {
  if (!stem.muted) return;
  stem.volume = stem.rememberedVolume > 0 ? stem.rememberedVolume : FALLBACK_UNMUTE_VOLUME;
  stem.muted = false;
}

/** A slider moved: raising a muted stem above 0 unmutes it at that level (spec 000 section 4). */
function changeVolume(stem: StemMix, volume: NormalRange): void {
  if (stem.muted && volume === 0) return;
  stem.volume = volume;
  stem.muted = false;
}

function mixOf({ volume, muted, rememberedVolume }: StemMix): StemMix {
  return { volume, muted, rememberedVolume };
}

/** Any change but unsolo keeps the mix as it is and ends the solo, so unsolo never undoes the user's change. */
function endSolo(state: MixerState): void {
  state.solo = null;
}

/** The mixer (spec 000, 4): actions say what the user did, the reducer applies the spec's rules. */
export const mixerSlice = createSlice({
  name: 'mixer',
  initialState,
  reducers: {
    stemsLoaded(_state, action: PayloadAction<{ stems: { id: string; name: string }[] }>) {
      return {
        ...initialState,
        stems: action.payload.stems.map(({ id, name }) => ({
          id,
          name,
          group: instrumentGroupOf(name),
          volume: DEFAULT_VOLUME,
          muted: false,
          rememberedVolume: DEFAULT_VOLUME,
        })),
      };
    },
    songUnloaded() {
      return initialState;
    },
    stemVolumeChanged(state, action: PayloadAction<{ stemId: string; volume: number }>) {
      if (Number.isNaN(action.payload.volume)) return;
      const stem = state.stems.find((candidate) => candidate.id === action.payload.stemId);
      if (!stem) return;
      endSolo(state);
      changeVolume(stem, clampVolume(action.payload.volume));
    },
    groupVolumeChanged(state, action: PayloadAction<{ group: string; volume: number }>) {
      if (Number.isNaN(action.payload.volume)) return;
      const volume = clampVolume(action.payload.volume);
      const members = state.stems.filter((stem) => stem.group === action.payload.group);
      if (members.length === 0) return;
      endSolo(state);
      for (const stem of members) changeVolume(stem, volume);
    },
    stemMuted(state, action: PayloadAction<{ stemId: string }>) {
      const stem = state.stems.find((candidate) => candidate.id === action.payload.stemId);
      if (!stem) return;
      endSolo(state);
      mute(stem);
    },
    stemUnmuted(state, action: PayloadAction<{ stemId: string }>) {
      const stem = state.stems.find((candidate) => candidate.id === action.payload.stemId);
      if (!stem) return;
      endSolo(state);
      unmute(stem);
    },
    groupMuteToggled(state, action: PayloadAction<{ group: string }>) {
      const members = state.stems.filter((stem) => stem.group === action.payload.group);
      if (members.length === 0) return;
      endSolo(state);
      if (members.every((stem) => stem.muted)) members.forEach(unmute);
      else members.forEach(mute);
    },
    stemSoloed(state, action: PayloadAction<{ stemId: string }>) {
      if (!state.stems.some((stem) => stem.id === action.payload.stemId)) return;
      // Switching solo keeps the mix from before the first solo.
      const before = state.solo?.before ?? Object.fromEntries(state.stems.map((stem) => [stem.id, mixOf(stem)]));
      for (const stem of state.stems) {
        Object.assign(stem, before[stem.id]);
        if (stem.id === action.payload.stemId) unmute(stem);
        else mute(stem);
      }
      state.solo = { stemId: action.payload.stemId, before };
    },
    stemUnsoloed(state) {
      if (!state.solo) return;
      for (const stem of state.stems) Object.assign(stem, state.solo.before[stem.id]);
      state.solo = null;
    },
    allStemsMuted(state) {
      if (state.muteAllBefore) return;
      endSolo(state);
      state.muteAllBefore = Object.fromEntries(state.stems.map((stem) => [stem.id, stem.muted]));
      state.stems.forEach(mute);
    },
    allStemsUnmuted(state) {
      const before = state.muteAllBefore;
      if (!before) return;
      endSolo(state);
      for (const stem of state.stems) {
        if (before[stem.id]) mute(stem);
        else unmute(stem);
      }
      state.muteAllBefore = null;
    },
    /** The musician set the tempo (or the speed trainer reached its next pass); clamped to 0.5..1.5. */
    tempoChanged(state, action: PayloadAction<{ tempo: number }>) {
      if (Number.isNaN(action.payload.tempo)) return;
      state.tempo = clampTempo(action.payload.tempo);
    },
    transposeChanged(state, action: PayloadAction<{ semitones: number }>) {
      if (Number.isNaN(action.payload.semitones)) return;
      state.transpose = clampTranspose(action.payload.semitones);
    },
    mixReset(state) {
      for (const stem of state.stems) Object.assign(stem, { volume: DEFAULT_VOLUME, muted: false, rememberedVolume: DEFAULT_VOLUME });
      state.solo = null;
      state.muteAllBefore = null;
      state.tempo = DEFAULT_TEMPO;
      state.transpose = DEFAULT_TRANSPOSE;
    },
    /** Each stem takes the preset's level (100% if none) and mute; a muted stem keeps that level for unmute; tempo and transpose default to 1x and 0. */
    presetApplied(state, action: PayloadAction<PresetData>) {
      const { volumes, mutes, tempo, transpose } = action.payload;
      state.tempo = typeof tempo === 'number' && !Number.isNaN(tempo) ? clampTempo(tempo) : DEFAULT_TEMPO;
      state.transpose = typeof transpose === 'number' && !Number.isNaN(transpose) ? clampTranspose(transpose) : DEFAULT_TRANSPOSE;
      for (const stem of state.stems) {
        const level = volumes[stem.id];
        const volume = typeof level === 'number' && !Number.isNaN(level) ? clampVolume(level) : DEFAULT_VOLUME;
        Object.assign(stem, { volume, muted: false, rememberedVolume: volume });
        if (mutes[stem.id] === true) mute(stem);
      }
      state.solo = null;
      state.muteAllBefore = null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});

export const {
  stemsLoaded,
  songUnloaded,
  stemVolumeChanged,
  groupVolumeChanged,
  stemMuted,
  stemUnmuted,
  groupMuteToggled,
  stemSoloed,
  stemUnsoloed,
  allStemsMuted,
  allStemsUnmuted,
  tempoChanged,
  transposeChanged,
  mixReset,
  presetApplied,
} = mixerSlice.actions;

type WithMixer = { mixer: MixerState };

export const selectMixerStems = (state: WithMixer): MixerStem[] => state.mixer.stems;

export const selectIsAllMuted = (state: WithMixer): boolean => state.mixer.muteAllBefore !== null;

export const selectSoloStemId = (state: WithMixer): string | null => state.mixer.solo?.stemId ?? null;

export const selectTempo = (state: WithMixer): number => state.mixer.tempo;

export const selectTranspose = (state: WithMixer): number => state.mixer.transpose;

/** Each stem's effective gain for the audio engine: its volume, or 0 when muted. */
export const selectStemGains = createSelector([selectMixerStems], (stems): Record<string, NormalRange> =>
  Object.fromEntries(stems.map((stem) => [stem.id, stem.muted ? 0 : stem.volume])),
);

export interface MixerGroup {
  name: string;
  stemIds: string[];
  /** Its stems in load order, each soloed on its own (spec 000, 4: solo mutes all other stems). */
  stems: Array<{ id: string; name: string }>;
  volume: NormalRange;
  muted: boolean;
}

export const selectMixerGroups = createSelector([selectMixerStems], (stems): MixerGroup[] =>
  groupStems(stems).map((group) => ({
    name: group.name,
    stemIds: group.stems.map((stem) => stem.id),
    stems: group.stems.map(({ id, name }) => ({ id, name })),
    volume: Math.max(...group.stems.map((stem) => stem.volume)),
    muted: group.stems.every((stem) => stem.muted),
  })),
);

/** The mix as a preset saves it: a muted stem is saved with the level it comes back at; the tempo and transpose. */
export const selectPresetData = createSelector([selectMixerStems, selectTempo, selectTranspose], (stems, tempo, transpose): PresetData => ({
  volumes: Object.fromEntries(stems.map((stem) => [stem.id, stem.muted ? stem.rememberedVolume : stem.volume])),
  mutes: Object.fromEntries(stems.map((stem) => [stem.id, stem.muted])),
  tempo,
  transpose,
}));
