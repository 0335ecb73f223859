import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type TruthFile, generateDemoLibrary } from './generate-library';
import { scanMp3Frames } from './mp3-frames';
import { stemNames } from './mixdown';
import { type SongPlan, shortPlan, songPlans } from './song-plans';
import { tempDirPerTest } from '../../events/store/testing/temp-dir-per-test';

/** A song of ten fast bars (16 s), through the real worker pool and encoder; a second plan only for the count check. */
const shortPlans: SongPlan[] = ['Punk', 'Electronic'].map((genre) => shortPlan(songPlans.find((plan) => plan.genre === genre)!));

describe('the demo library generator', { timeout: 120_000 }, () => {
  const tempDir = tempDirPerTest('demo-library-');

  it('writes a folder per song with six valid MP3 stems of the song length, the text files, and the truth outside', async () => {
    const root = await tempDir();
    const songsDir = join(root, 'songs');
    const truthPath = join(root, 'data', 'demo-truth.json');
    const finished: string[] = [];
    const report = await generateDemoLibrary({ songsDir, truthPath, songCount: 1, seed: 'int', plans: shortPlans, onSongDone: (result, done, total) => finished.push(`${done}/${total} ${result.plan.slug}`) });

    const plans = shortPlans.slice(0, 1);
    expect(finished).toEqual([`1/1 ${plans[0]!.slug}`]);
    // Only the finished folder: the staging folder was renamed into place.
    expect(await readdir(songsDir)).toEqual([plans[0]!.slug]);
    const truth = JSON.parse(await readFile(truthPath, 'utf8')) as TruthFile;
    expect(truth.seed).toBe('int');
    expect(truth.songs.map((song) => song.folder)).toEqual(plans.map((plan) => plan.slug));

    for (const [index, plan] of plans.entries()) {
      const folder = join(songsDir, plan.slug);
      expect((await readdir(folder)).sort()).toEqual([...stemNames.map((name) => `${name}.mp3`), 'chords', 'lyrics.lrc', 'sections.json', 'song.json'].sort());
      expect((await readdir(join(folder, 'chords'))).sort()).toEqual(['bass.txt', 'guitar.txt', 'keys.txt', 'master.txt']);
      const songTruth = truth.songs[index]!;
      expect(songTruth).toMatchObject({ bpm: plan.bpm, key: plan.key, genre: plan.genre });
      expect(songTruth.chords.master.length).toBeGreaterThan(2);
      for (const name of stemNames) {
        const mp3 = scanMp3Frames(await readFile(join(folder, `${name}.mp3`)));
        expect(mp3, `${plan.slug}/${name}.mp3`).toMatchObject({ sampleRate: 44100, channels: 1, bitrates: [96] });
        // Frames carry the encoder's delay and the last frame's padding: up to a few frames more than the song.
        expect(mp3.durationSeconds).toBeGreaterThanOrEqual(songTruth.durationSeconds);
        expect(mp3.durationSeconds).toBeLessThan(songTruth.durationSeconds + 0.15);
      }
      const songJson = JSON.parse(await readFile(join(folder, 'song.json'), 'utf8')) as { title: string; bpm: number };
      expect(songJson).toMatchObject({ title: plan.title, bpm: plan.bpm });
      expect(await readFile(join(folder, 'chords', 'master.txt'), 'utf8')).toMatch(/^\[00:00\.00\] \S+\n/);
    }
    // 96 kbps is 12 kB a second of each of six stems.
    expect(report.bytes).toBeGreaterThan(6 * 15 * 12_000);
  });

  it('refuses a ground-truth path inside the songs directory', async () => {
    const root = await tempDir();
    await expect(generateDemoLibrary({ songsDir: root, truthPath: join(root, 'truth.json'), songCount: 1, seed: 'x', plans: shortPlans })).rejects.toThrow(RangeError);
    await expect(generateDemoLibrary({ songsDir: join(root, 'songs'), truthPath: join(root, 'truth.json'), songCount: 3, seed: 'x', plans: shortPlans })).rejects.toThrow(RangeError);
  });
});
