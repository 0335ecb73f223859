/** Worklet globals set before signalsmith-stretch loads, so the export's worker can drive its WASM. */
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

export function setSampleRate(sampleRate: number): void {
  scope.sampleRate = sampleRate;
}
