import type { Page } from 'playwright-core';

// bench:practice's steps in the page (scripts/bench/practice-bench.ts), where the DOM's types are.

type RenderMixModule = { renderMix: (...args: unknown[]) => Promise<AudioBuffer> };
type StretchGraphModule = {
  buildStretchGraph(context: BaseAudioContext, stems: unknown, connect: (id: string, output: AudioNode) => void): Promise<unknown[]>;
  scheduleGroups(groups: unknown[], change: object): Promise<unknown>;
};
type PlainGraphModule = {
  buildPlainGraph(context: BaseAudioContext, stems: unknown, connect: (id: string, output: AudioNode) => void): Promise<unknown[]>;
};

/** The recorder's parts (servePracticeAudioPage's `withRecorder`). */
type RecorderModules = {
  MicrophoneCaptureModule: {
    addCaptureModule(context: BaseAudioContext, blockFrames: number): Promise<void>;
    MicrophoneCapture: {
      open(context: AudioContext): Promise<{ start(sink: (offset: number, samples: Float32Array) => Promise<void>, onInterrupted: (problem: string) => void): Promise<void>; stop(): Promise<{ frames: number }> }>;
    };
  };
  CaptureProcessorModule: { CAPTURE_PROCESSOR: string };
  CaptureWriterModule: {
    CaptureWriter: new (sink: (offset: number, samples: Float32Array) => Promise<void>, onFailure: (problem: string) => void) => {
      write(capturedAt: number, samples: Float32Array): void;
      flushed(): Promise<{ frames: number }>;
    };
  };
  TakeAudioStoreModule: {
    indexedDbTakeAudioStore: {
      appendChunk(userId: number, recordingId: string, chunk: { index: number; offset: number; samples: Float32Array }): Promise<void>;
      discardRecording(userId: number, recordingId: string): Promise<void>;
    };
  };
};

type BenchWindow = RecorderModules & {
  RenderMix: RenderMixModule;
  StretchGraph: StretchGraphModule;
  PlainGraph: PlainGraphModule;
  benchStems: unknown;
  StemEngineModule: {
    CHANGE_LOOKAHEAD: number;
    StemEngine: {
      load(
        sources: { id: string; url: string }[],
        options: object,
      ): Promise<{ play(): Promise<void>; prepareStretch(): Promise<void>; setTempo(rate: number): Promise<unknown>; position(): number; dispose(): void }>;
    };
  };
};

/** Decodes the served stems once into `window.benchStems`; the last one plays as drums. */
export async function decodeBenchStems(page: Page, ids: readonly string[], sampleRate: number): Promise<void> {
  await page.evaluate(
    async ({ ids: stemIds, sampleRate: rate }) => {
      const decoder = new OfflineAudioContext(1, 1, rate);
      const decoded = await Promise.all(
        stemIds.map(async (id, index) => ({ id, drums: index === stemIds.length - 1, buffer: await decoder.decodeAudioData(await (await fetch(`/${id}`)).arrayBuffer()) })),
      );
      (window as unknown as BenchWindow).benchStems = decoded;
    },
    { ids: [...ids], sampleRate },
  );
}

/** Wall-clock seconds of one renderMix (the export) of the decoded stems at `tempo` and `transpose` (`loop` null: the whole song). */
export async function timeRenderMix(page: Page, loop: { start: number; end: number; passes: number } | null, mix: { tempo: number; transpose: number } = { tempo: 1, transpose: 0 }): Promise<number> {
  return page.evaluate(
    async ({ range, tempo, transpose }) => {
      const bench = window as unknown as BenchWindow;
      const started = performance.now();
      await bench.RenderMix.renderMix(bench.benchStems, { gains: {}, tempo, transpose, loop: range });
      return (performance.now() - started) / 1000;
    },
    { range: loop, ...mix },
  );
}

/**
 * What plays the song at 1x (decision 0041): stretch nodes, plain players alone, or plain players with stretch
 * nodes built and inactive (back at 100%, where the library still stretches silence every block).
 */
export type LiveGraphKind = 'stretch' | 'plain' | 'plain, stretch idle';

/**
 * Wall-clock seconds of an offline render (one thread, flat out) of `seconds` through `kind`'s graph: the core share playback needs.
 * `recording`: a take records meanwhile, as the recorder does it (its capture processor on the audio thread, each
 * block written to IndexedDB as it comes), its input the first stem in place of the microphone.
 */
export async function timeLiveGraph(page: Page, seconds: number, kind: LiveGraphKind = 'stretch', recording = false): Promise<number> {
  return page.evaluate(
    async ({ length, graph, record }) => {
      const bench = window as unknown as BenchWindow & { benchStems: { buffer: AudioBuffer }[] };
      const sampleRate = bench.benchStems[0]!.buffer.sampleRate;
      const context = new OfflineAudioContext(2, Math.round((1 + length) * sampleRate), sampleRate);
      const playing = { output: 1, input: 0, active: true, rate: 1, semitones: 0, loop: null };
      if (graph === 'stretch') {
        await bench.StretchGraph.scheduleGroups(await bench.StretchGraph.buildStretchGraph(context, bench.benchStems, (_id, output) => output.connect(context.destination)), playing);
      } else {
        await bench.StretchGraph.scheduleGroups(await bench.PlainGraph.buildPlainGraph(context, bench.benchStems, (_id, output) => output.connect(context.destination)), playing);
        if (graph === 'plain, stretch idle') await bench.StretchGraph.buildStretchGraph(context, bench.benchStems, (_id, output) => output.connect(context.destination));
      }
      let writer: InstanceType<RecorderModules['CaptureWriterModule']['CaptureWriter']> | null = null;
      const recordingId = `bench-${Math.random()}`;
      const store = bench.TakeAudioStoreModule?.indexedDbTakeAudioStore;
      if (record) {
        // MicrophoneCapture.start's graph, with a buffer in place of the microphone's stream.
        await bench.MicrophoneCaptureModule.addCaptureModule(context, sampleRate);
        const node = new AudioWorkletNode(context, bench.CaptureProcessorModule.CAPTURE_PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 1, channelCountMode: 'max' });
        const input = new AudioBufferSourceNode(context, { buffer: bench.benchStems[0]!.buffer });
        const silent = new GainNode(context, { gain: 0 });
        input.connect(node);
        node.connect(silent);
        silent.connect(context.destination);
        input.start(0);
        let index = 0;
        const capture = new bench.CaptureWriterModule.CaptureWriter(
          (offset, samples) => store.appendChunk(0, recordingId, { index: index++, offset, samples }),
          (problem) => console.error('bench recording failed', problem),
        );
        node.port.onmessage = (event: MessageEvent) => {
          const [what, frame, samples] = event.data as [string, number, Float32Array?];
          if (what === 'block' && samples) capture.write(frame / sampleRate, samples);
        };
        writer = capture;
      }
      const started = performance.now();
      await context.startRendering();
      const wall = (performance.now() - started) / 1000;
      if (writer) {
        await writer.flushed();
        await store.discardRecording(0, recordingId);
      }
      return wall;
    },
    { length: seconds, graph: kind, record: recording },
  );
}

/** One tempo change while the live engine plays: when the audio thread had it, when it is heard, and whether the position jumped. */
export interface TempoChange {
  ackMs: number;
  heardMs: number;
  /** Song seconds the position moved across the call, and the wall-clock seconds the call took. */
  moved: number;
  elapsed: number;
  positionJumped: boolean;
  /** Song seconds played in the second before the first change: proof the context really ran. */
  playedBefore: number;
}

/** Plays the stems live through the StemEngine and changes the tempo `count` times, 0.5 s apart. */
export async function measureTempoChanges(page: Page, ids: readonly string[], count: number): Promise<TempoChange[]> {
  return page.evaluate(
    async ({ stemIds, changes }) => {
      const { StemEngine, CHANGE_LOOKAHEAD } = (window as unknown as BenchWindow).StemEngineModule;
      const engine = await StemEngine.load(
        stemIds.map((id) => ({ id, url: `/${id}` })),
        { drums: new Set([stemIds.at(-1)]) },
      );
      // Stretch nodes built ahead, as the player does (decision 0041), so the build is not measured.
      await engine.prepareStretch();
      await engine.play();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const playedBefore = engine.position();
      // The audio clock moves per device callback (~10 ms on headless Chromium's fake device): a call can seem to move that much more.
      const quantum = 0.012;
      const results: TempoChange[] = [];
      for (let index = 0; index < changes; index++) {
        const before = engine.position();
        const started = performance.now();
        await engine.setTempo(index % 2 ? 1 : 0.7);
        const ackMs = performance.now() - started;
        const elapsed = (performance.now() - started) / 1000;
        const moved = engine.position() - before;
        // Moved only by the time elapsed (at most rate 1, plus a render quantum): no leap, never back.
        results.push({ ackMs, heardMs: Math.max(ackMs, CHANGE_LOOKAHEAD * 1000), moved, elapsed, positionJumped: moved < 0 || moved > elapsed + quantum, playedBefore });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      engine.dispose();
      return results;
    },
    { stemIds: [...ids], changes: count },
  );
}
