import { describe, expect, it } from 'vitest';
import { libraryProgress } from './library-progress';
import type { SongTaskResult } from './song-task';
import { songPlans } from './song-plans';

describe('library progress without a terminal', () => {
  it('prints one line per finished song with its name, genre, tempo, length and size', () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const progress = libraryProgress(2, stream);
    const result = { index: 0, plan: songPlans[0]!, truth: { durationSeconds: 65.8 }, bytes: 4_718_592, synthMs: 900, encodeMs: 12_000 } as unknown as SongTaskResult;
    progress.songDone(result, 1, 2);
    progress.stop();
    expect(written).toEqual(['[1/2] linden-street-lights (Pop, 112 BPM, 66 s, 4.5 MB) synth 900 ms, mp3 12000 ms\n']);
  });
});
