import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareStemSum } from './stem-sum';
import { seededRandom } from '../demo-library/seeded-random';
import { tempDirPerTest } from '../../events/store/testing/temp-dir-per-test';
import { floatWavOf } from '../../api/features/songs/analysis/testing/synthetic-audio';

const floatWav = (samples: Float32Array) => floatWavOf(samples, 48_000, 2);

describe('the stem-sum check', () => {
  const tempDir = tempDirPerTest('stem-sum-');

  it('finds no residual when the stems sum to the whole, a loud one when a stem is a sample late', async () => {
    const directory = await tempDir();
    const random = seededRandom('stem-sum');
    const frames = 100_000;
    const drums = new Float32Array(frames * 2);
    const bass = new Float32Array(frames * 2);
    for (let i = 0; i < frames * 2; i++) {
      drums[i] = i > 24_000 ? (random.next() - 0.5) * 0.5 : 0;
      bass[i] = 0.25 * Math.sin(i / 40);
    }
    const full = drums.map((value, i) => value + bass[i]!);
    const late = new Float32Array(frames * 2);
    late.set(drums.subarray(0, frames * 2 - 2), 2);
    await writeFile(join(directory, 'full.wav'), floatWav(full));
    await writeFile(join(directory, 'drums.wav'), floatWav(drums));
    await writeFile(join(directory, 'bass.wav'), floatWav(bass));
    await writeFile(join(directory, 'late.wav'), floatWav(late));

    const exact = await compareStemSum(join(directory, 'full.wav'), [join(directory, 'drums.wav'), join(directory, 'bass.wav')]);
    expect(exact.residualDb).toBeLessThan(-120);
    expect(exact.frames).toBe(frames);
    expect(exact.fullPeak).toBeGreaterThan(0.25);
    expect(exact.fullPeak).toBeLessThan(0.5);
    expect(exact.firstSound[join(directory, 'drums.wav')]).toBeCloseTo(12_000 / 48_000, 3);
    expect(exact.firstSound[join(directory, 'bass.wav')]).toBeCloseTo(1 / 48_000, 4);

    const shifted = await compareStemSum(join(directory, 'full.wav'), [join(directory, 'late.wav'), join(directory, 'bass.wav')]);
    expect(shifted.residualDb).toBeGreaterThan(-10);
  });
});
