import { describe, expect, it } from 'vitest';
import { CaptureWriter } from './capture-writer';

const block = (frames: number) => new Float32Array(frames).fill(0.5);
const quotaError = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

describe('CaptureWriter', () => {
  it('writes blocks in order at their offsets, and knows when the first was captured', async () => {
    const written: Array<[number, number]> = [];
    const writer = new CaptureWriter(async (offset, samples) => {
      // A slow first write must not let the second overtake it.
      if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      written.push([offset, samples.length]);
    }, () => {
      throw new Error('no failure expected');
    });
    writer.write(2.5, block(100));
    writer.write(2.6, block(100));
    writer.write(2.7, block(40));
    expect(await writer.flushed()).toEqual({ recordedFrom: 2.5, frames: 240, failure: null });
    expect(written).toEqual([
      [0, 100],
      [100, 100],
      [200, 40],
    ]);
  });

  it('stops at a full disk, keeps what was written before it and says so once', async () => {
    const failures: string[] = [];
    let writes = 0;
    const writer = new CaptureWriter(async () => {
      writes += 1;
      if (writes === 3) throw quotaError();
    }, (problem) => failures.push(problem));
    for (let index = 0; index < 5; index++) writer.write(index, block(10));
    expect(await writer.flushed()).toEqual({ recordedFrom: 0, frames: 20, failure: 'storage-full' });
    writer.write(9, block(10));
    expect((await writer.flushed()).frames).toBe(20);
    expect(failures).toEqual(['storage-full']);
    expect(writes).toBe(3);
  });

  it('calls another write failure a failure, not a full disk', async () => {
    const writer = new CaptureWriter(() => Promise.reject(new Error('closed')), () => undefined);
    writer.write(0, block(10));
    expect(await writer.flushed()).toEqual({ recordedFrom: null, frames: 0, failure: 'failed' });
  });
});
