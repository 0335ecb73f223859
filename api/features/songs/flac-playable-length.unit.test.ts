import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFlacLength } from './flac-playable-length';
import { flacFile, tone } from './testing/real-world-audio';

const dir = mkdtempSync(path.join(tmpdir(), 'flac-length-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function saved(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

describe('readFlacLength', () => {
  const whole = flacFile(tone(5, 8000, 2), 8000, { TITLE: 'Whole' }, 2_000);

  it('finds every stated sample in a whole file', async () => {
    expect(await readFlacLength(saved('whole.flac', whole))).toEqual({ statedSamples: 40_000, presentSamples: 40_000, sampleRate: 8000 });
  });

  it('counts only the frames that are there in a file cut short', async () => {
    const length = await readFlacLength(saved('cut.flac', whole.subarray(0, Math.floor(whole.length / 2))));
    expect(length?.statedSamples).toBe(40_000);
    // Cut in the middle: the last frame header found ends within one block (4096) of the cut.
    expect(length!.presentSamples).toBeGreaterThan(20_000 - 4096);
    expect(length!.presentSamples).toBeLessThanOrEqual(20_000 + 4096);
  });

  it('finds no frame when the cut falls before the first one', async () => {
    const length = await readFlacLength(saved('header.flac', whole.subarray(0, 200)));
    expect(length).toEqual({ statedSamples: 40_000, presentSamples: 0, sampleRate: 8000 });
  });

  it('is undefined for what is not FLAC', async () => {
    expect(await readFlacLength(saved('not.flac', Buffer.from('RIFF....WAVEfmt not flac at all, just text padding it out')))).toBeUndefined();
  });
});
