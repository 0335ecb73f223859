// The package ships no types; this is the part of its README's API the engine uses.
declare module 'signalsmith-stretch' {
  export interface StretchSchedule {
    /** Audio-clock time the change is heard at (the node compensates its own latency). */
    output?: number;
    /** Where in the input buffer playback is at `output`, in seconds. */
    input?: number;
    rate?: number;
    semitones?: number;
    active?: boolean;
    /** Equal values disable looping. */
    loopStart?: number;
    loopEnd?: number;
    /** Replaces changes from here (default now), and drops the playing segment: never set it ahead. */
    outputTime?: number;
  }

  export interface StretchNode extends AudioWorkletNode {
    /** Input time of the playback now, updated by the worklet about every 100 ms. */
    inputTime: number;
    schedule(change: StretchSchedule): Promise<StretchSchedule>;
    start(when?: number): Promise<unknown>;
    stop(when?: number): Promise<unknown>;
    /** One Float32Array per channel, equal lengths; resolves to the buffer's end in seconds. */
    addBuffers(channels: Float32Array[], transfer?: Transferable[]): Promise<number>;
    dropBuffers(): Promise<{ start: number; end: number }>;
    /** Input plus output latency, in seconds. */
    latency(): Promise<number>;
    configure(config: { blockMs?: number | null; intervalMs?: number; splitComputation?: boolean; preset?: 'default' | 'cheaper' }): Promise<void>;
  }

  export default function SignalsmithStretch(context: BaseAudioContext, options?: AudioWorkletNodeOptions): Promise<StretchNode>;
}
