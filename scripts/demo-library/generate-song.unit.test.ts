import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSong } from './generate-song';
import { stemNames } from './mixdown';
import { type SongPlan, songPlans } from './song-plans';
import { sampleRate } from './synth/track';

/** A song of eight bars (20 s): the whole pipeline in about a second. */
const shortPlan = (plan: SongPlan): SongPlan => ({ ...plan, bars: { intro: 1, verse: 1, chorus: 1, bridge: 1, outro: 1 } });

const fingerprint = (song: ReturnType<typeof generateSong>) => {
  const hash = createHash('sha256');
  for (const name of stemNames) hash.update(new Uint8Array(song.stems[name].buffer));
  hash.update(JSON.stringify(song.texts));
  hash.update(JSON.stringify(song.truth));
  return hash.digest('hex');
};

// Three short songs are rendered here; on a loaded two-core machine that takes a few seconds.
describe('a generated song', { timeout: 30_000 }, () => {
  const plan = shortPlan(songPlans.find((candidate) => candidate.genre === 'Funk')!);
  const song = generateSong(plan, 'seed-1');

  it('is byte-identical for the same seed and differs for another', () => {
    expect(fingerprint(generateSong(plan, 'seed-1'))).toBe(fingerprint(song));
    const other = generateSong(plan, 'seed-2');
    expect(Buffer.compare(Buffer.from(other.stems.drums.buffer), Buffer.from(song.stems.drums.buffer))).not.toBe(0);
    expect(other.texts['lyrics.lrc']).not.toBe(song.texts['lyrics.lrc']);
  });

  it('has six stems of the song length that play where they should and a mix that never clips', () => {
    const length = Math.round(song.arrangement.durationSeconds * sampleRate);
    for (const name of stemNames) {
      expect(Math.abs(song.stems[name].length - length), name).toBeLessThanOrEqual(1);
      expect(song.levels.stems[name].peak, name).toBeLessThan(-1);
      expect(song.levels.stems[name].active, name).toBeGreaterThan(name === 'fx' ? 0.05 : 0.5);
    }
    expect(song.levels.mix.peak).toBeLessThanOrEqual(-0.95);
    expect(song.levels.mix.rms).toBeGreaterThan(-24);
    // The vocals are silent through the intro and the drums play from the start.
    const introEnd = song.truth.sections[1]!.startTime;
    const slice = (name: (typeof stemNames)[number], from: number, to: number) => song.stems[name].subarray(Math.round(from * sampleRate), Math.round(to * sampleRate));
    expect(Math.max(...slice('vocals', 0.1, introEnd - 0.1).map(Math.abs))).toBeLessThan(1e-4);
    expect(Math.max(...slice('drums', 0, introEnd).map(Math.abs))).toBeGreaterThan(0.05);
  });

  it('fades in and out: the first and last samples of every stem are silent', () => {
    for (const name of stemNames) {
      const stem = song.stems[name];
      expect(Math.abs(stem[0]!), name).toBe(0);
      expect(Math.abs(stem[stem.length - 1]!), name).toBe(0);
    }
  });
});
