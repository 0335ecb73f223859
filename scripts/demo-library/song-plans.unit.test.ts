import { describe, expect, it } from 'vitest';
import { arrange } from './arrangement';
import { parseKey, romanChord } from './music-theory';
import { defaultSongCount, genres, songPlans } from './song-plans';

const library = songPlans.slice(0, defaultSongCount);

describe('the demo library plan', () => {
  it('has at least twelve songs in the default library, each of a distinct genre from the spec list', () => {
    expect(library.length).toBeGreaterThanOrEqual(12);
    for (const plan of songPlans) {
      expect(genres).toContain(plan.genre);
      if (plan.genre2) expect(genres).toContain(plan.genre2);
    }
    expect(new Set(songPlans.map((plan) => plan.genre)).size).toBe(songPlans.length);
  });

  it('has distinct tempos between 70 and 170 BPM and distinct keys, major and minor', () => {
    for (const plan of songPlans) {
      expect(plan.bpm).toBeGreaterThanOrEqual(70);
      expect(plan.bpm).toBeLessThanOrEqual(170);
      expect(plan.key).toMatch(/^[A-G][#b]? (major|minor)$/);
    }
    expect(new Set(songPlans.map((plan) => plan.bpm)).size).toBe(songPlans.length);
    expect(new Set(songPlans.map((plan) => plan.key)).size).toBe(songPlans.length);
    expect(new Set(library.map((plan) => parseKey(plan.key).mode))).toEqual(new Set(['major', 'minor']));
  });

  it('lasts one to two and a half minutes a song, in the form intro verse chorus verse chorus bridge chorus outro', () => {
    for (const plan of songPlans) {
      const arrangement = arrange(plan);
      expect(arrangement.durationSeconds, plan.slug).toBeGreaterThanOrEqual(60);
      expect(arrangement.durationSeconds, plan.slug).toBeLessThanOrEqual(150);
      expect(arrangement.sections.map((section) => section.type)).toEqual(['intro', 'verse', 'chorus', 'verse', 'chorus', 'bridge', 'chorus', 'outro']);
    }
  });

  it('has unique folder names, difficulties 1 to 10, a four-line chorus, progressions that parse and end on the tonic', () => {
    expect(new Set(songPlans.map((plan) => plan.slug)).size).toBe(songPlans.length);
    for (const plan of songPlans) {
      expect(plan.slug).toMatch(/^[a-z0-9-]+$/);
      expect(plan.difficulty).toBeGreaterThanOrEqual(1);
      expect(plan.difficulty).toBeLessThanOrEqual(10);
      expect(plan.lyrics.chorus).toHaveLength(4);
      const key = parseKey(plan.key);
      for (const bars of Object.values(plan.progressions)) for (const bar of bars) for (const name of bar.split(' ')) expect(() => romanChord(name, key)).not.toThrow();
      const arrangement = arrange(plan);
      expect(arrangement.chords[arrangement.chords.length - 1]!.chord.root, plan.slug).toBe(key.tonic);
    }
  });
});
