import type { Page } from 'playwright-core';

// bench:practice's live recording steps in the page (scripts/bench/practice-recording.ts), on the page
// servePracticeAudioPage serves with the engine and the recorder.

interface LiveEngine {
  play(): Promise<void>;
  pause(): void;
  seek(position: number): void;
  position(): number;
  dispose(): void;
  graph: { context: { rawContext: AudioContext } };
}

interface Capture {
  start(sink: (offset: number, samples: Float32Array) => Promise<void>, onInterrupted: (problem: string) => void): Promise<void>;
  stop(): Promise<{ frames: number; problem: string | null }>;
}

type RecordingWindow = {
  StemEngineModule: { StemEngine: { load(sources: { id: string; url: string }[], options: object): Promise<LiveEngine> } };
  MicrophoneCaptureModule: { MicrophoneCapture: { open(context: AudioContext): Promise<Capture> } };
  TakeAudioStoreModule: {
    indexedDbTakeAudioStore: {
      appendChunk(userId: number, recordingId: string, chunk: { index: number; offset: number; samples: Float32Array }): Promise<void>;
      discardRecording(userId: number, recordingId: string): Promise<void>;
    };
  };
  benchBand?: LiveEngine;
  benchTake?: { capture: Capture; recordingId: string; written: number; problem: string | null };
};

/** Loads the stems into the live engine (plain players at 1x, as a take is mostly recorded) and plays them from the start. */
export async function playBand(page: Page, ids: readonly string[]): Promise<void> {
  await page.evaluate(
    async ({ stemIds }) => {
      const bench = window as unknown as RecordingWindow;
      bench.benchBand ??= await bench.StemEngineModule.StemEngine.load(
        stemIds.map((id) => ({ id, url: `/${id}` })),
        { drums: new Set([stemIds.at(-1)]) },
      );
      const band = bench.benchBand;
      // From the start each time, so a phase never runs past the song's end.
      band.pause();
      band.seek(0);
      await band.play();
    },
    { stemIds: [...ids] },
  );
}

/** Arms the microphone (Chromium's fake capture device) on the band's context and records, each block into IndexedDB as it comes (TakeRecording's sink). */
export async function startTake(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const bench = window as unknown as RecordingWindow;
    const capture = await bench.MicrophoneCaptureModule.MicrophoneCapture.open(bench.benchBand!.graph.context.rawContext);
    const take = { capture, recordingId: crypto.randomUUID(), written: 0, problem: null as string | null };
    const store = bench.TakeAudioStoreModule.indexedDbTakeAudioStore;
    let index = 0;
    await capture.start(
      async (offset, samples) => {
        await store.appendChunk(0, take.recordingId, { index: index++, offset, samples });
        take.written = offset + samples.length;
      },
      (problem) => {
        take.problem = problem;
      },
    );
    bench.benchTake = take;
  });
}

/** Frames of the take written to IndexedDB so far. */
export function takeFramesWritten(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as RecordingWindow).benchTake?.written ?? 0);
}

/** Stops the take, then forgets its audio (the profile's disk is not what is measured); answers its frames and any problem. */
export async function stopTake(page: Page): Promise<{ frames: number; problem: string | null }> {
  return page.evaluate(async () => {
    const bench = window as unknown as RecordingWindow;
    const take = bench.benchTake!;
    const outcome = await take.capture.stop();
    await bench.TakeAudioStoreModule.indexedDbTakeAudioStore.discardRecording(0, take.recordingId);
    bench.benchTake = undefined;
    return { frames: outcome.frames, problem: take.problem ?? outcome.problem };
  });
}

/** Pauses the band. */
export async function pauseBand(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as RecordingWindow).benchBand?.pause());
}
