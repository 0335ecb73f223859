/** Progress of the library on stderr: a bar on a terminal, a line per finished song otherwise (logs, CI). */
import cliProgress from 'cli-progress';
import type { SongTaskResult } from './song-task';

export interface LibraryProgress {
  songDone(result: SongTaskResult, done: number, total: number): void;
  stop(): void;
}

export function libraryProgress(total: number, stream: NodeJS.WriteStream = process.stderr): LibraryProgress {
  const describe = (result: SongTaskResult) => {
    const { plan } = result;
    return `${plan.slug} (${plan.genre}, ${plan.bpm} BPM, ${Math.round(result.truth.durationSeconds)} s, ${(result.bytes / 1048576).toFixed(1)} MB)`;
  };
  if (!stream.isTTY) {
    return {
      songDone: (result, done) => stream.write(`[${done}/${total}] ${describe(result)} synth ${result.synthMs} ms, mp3 ${result.encodeMs} ms\n`),
      stop: () => undefined,
    };
  }
  const bar = new cliProgress.SingleBar({ stream, format: 'Demo library [{bar}] {value}/{total} songs | {elapsed}s | last: {last}', hideCursor: true }, cliProgress.Presets.shades_classic);
  const started = performance.now();
  bar.start(total, 0, { last: '-', elapsed: 0 });
  // The elapsed time ticks while a song is under way, not only when one finishes.
  const ticker = setInterval(() => bar.update({ elapsed: Math.round((performance.now() - started) / 1000) }), 1000);
  return {
    songDone: (result, done) => bar.update(done, { last: describe(result), elapsed: Math.round((performance.now() - started) / 1000) }),
    stop: () => {
      clearInterval(ticker);
      bar.stop();
    },
  };
}
