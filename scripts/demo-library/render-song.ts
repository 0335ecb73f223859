/** A composed song played: each part through its instrument and effects, then the stems balanced. */
import type { ComposedSong } from './compose-song';
import { type MixReport, type Stems, mixdown } from './mixdown';
import { kitOptionsFor } from './parts/drum-part';
import type { GuitarNote } from './parts/guitar-part';
import type { SeededRandom } from './seeded-random';
import { renderBass } from './synth/bass';
import { buildKit, renderDrums } from './synth/drums';
import { renderFx } from './synth/fx';
import { applyAmp } from './synth/guitar-amp';
import { renderKeys } from './synth/keys';
import { renderPluck } from './synth/pluck';
import { addEcho, addReverb } from './synth/reverb';
import { createTrack } from './synth/track';
import { renderVoice } from './synth/voice';

export interface RenderedSong {
  stems: Stems;
  levels: MixReport;
}

export function renderSong(song: ComposedSong): RenderedSong {
  const { arrangement, random, plan } = song;
  const seconds = arrangement.durationSeconds;
  const beat = arrangement.secondsPerBeat;

  const drums = createTrack(seconds);
  renderDrums(song.drums, buildKit(random.fork('kit'), kitOptionsFor(plan.drums)), drums, random.fork('hits'));
  addReverb(drums, 0.12, 0.5);

  const bass = createTrack(seconds);
  renderBass(song.bass, plan.bass.tone, bass, random.fork('bass-sound'));

  const guitar = renderGuitar(song, song.guitar.notes, random.fork('guitar-sound'));

  const keys = createTrack(seconds);
  renderKeys(song.keys.notes, song.keys.timbre, keys);
  addReverb(keys, song.keys.timbre === 'pad' || song.keys.timbre === 'strings' ? 0.5 : 0.3);

  const vocals = createTrack(seconds);
  renderVoice(song.vocals.notes, vocals, random.fork('voice'));
  addEcho(vocals, beat * 0.75, 0.3, 0.18);
  addReverb(vocals, 0.35);

  const fx = createTrack(seconds);
  renderFx(song.fx, fx, random.fork('fx'));
  addReverb(fx, 0.6, 0.9);

  const stems: Stems = { drums, bass, guitar, keys, vocals, fx };
  return { stems, levels: mixdown(stems) };
}

function renderGuitar(song: ComposedSong, notes: readonly GuitarNote[], random: SeededRandom): Float32Array {
  const { arrangement, plan } = song;
  const clean = createTrack(arrangement.durationSeconds);
  const driven = createTrack(arrangement.durationSeconds);
  for (const note of notes) {
    renderPluck(note.driven ? driven : clean, note, { ringSeconds: note.driven ? 3 : 2.2, brightness: note.driven ? 0.6 : 0.55, muted: note.muted }, random);
  }
  applyAmp(driven, plan.guitar.distortion);
  for (let index = 0; index < clean.length; index++) clean[index]! += driven[index]!;
  const echoing: ReadonlySet<string> = new Set(['swells', 'arp-pluck', 'muted-pluck', 'clean-stabs']);
  if (echoing.has(plan.guitar.style)) addEcho(clean, arrangement.secondsPerBeat * 0.75, 0.4, 0.35);
  addReverb(clean, 0.22);
  return clean;
}
