/**
 * What signalsmith-stretch looks for to register its AudioWorklet processor, provided before the
 * package is evaluated (stretch-lane.ts imports this first: ES modules evaluate their imports in
 * order): the package then hands its processor class, with the WASM module inside, to
 * `registerProcessor`, and the export's worker drives that module itself.
 */
type ProcessorClass = new (options: AudioWorkletNodeOptions) => unknown;

const scope = globalThis as unknown as {
  AudioWorkletProcessor: unknown;
  registerProcessor: (name: string, processor: ProcessorClass) => void;
  sampleRate: number;
  currentTime: number;
};

/** The processor class the package registered (set once the package is evaluated). */
export const registered: { processor: ProcessorClass | null } = { processor: null };

scope.AudioWorkletProcessor = class {
  /** The processor answers its node through this port; here the worker reads the answers. */
  readonly port: { onmessage: ((event: { data: unknown[] }) => void) | null; postMessage: (message: unknown) => void; messages: unknown[] } = {
    onmessage: null,
    messages: [],
    postMessage(message) {
      this.messages.push(message);
    },
  };
};
scope.registerProcessor = (_name, processor) => {
  registered.processor = processor;
};
scope.currentTime = 0;
scope.sampleRate = 48_000;

/** The processor reads the sample rate as a global, as it would on the audio thread. */
export function setSampleRate(sampleRate: number): void {
  scope.sampleRate = sampleRate;
}
