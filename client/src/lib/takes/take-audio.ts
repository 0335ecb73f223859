/** Where a take's audio lies in a recording: a recording may hold several takes (each pass of a loop). */
export interface TakeAudio {
  takeId: string;
  recordingId: string;
  startFrame: number;
  frames: number;
  sampleRate: number;
}

/** One stored block of a recording: mono samples from `offset` (frames from the recording's start). */
export interface RecordingChunk {
  index: number;
  offset: number;
  samples: Float32Array;
}

/**
 * The audio of takes, kept on this device only (never uploaded), per user. Chunks are written as they
 * are recorded, so a take cut short (a microphone unplugged, the quota reached, the tab closing)
 * keeps what was written.
 */
export interface TakeAudioStore {
  appendChunk(userId: number, recordingId: string, chunk: RecordingChunk): Promise<void>;
  /** The chunks of a recording, in order. */
  chunksOf(userId: number, recordingId: string): Promise<RecordingChunk[]>;
  saveTakes(userId: number, takes: readonly TakeAudio[]): Promise<void>;
  findTake(userId: number, takeId: string): Promise<TakeAudio | undefined>;
  /** Ids of the takes whose audio this device holds. */
  takeIdsOf(userId: number): Promise<Set<string>>;
  /** Forgets a take; its recording's chunks go with the last take cut from it. */
  deleteTake(userId: number, takeId: string): Promise<void>;
  /** Drops a recording no take was cut from (nothing worth keeping was recorded). */
  discardRecording(userId: number, recordingId: string): Promise<void>;
}

/** The take's samples copied out of its recording's chunks; frames no chunk holds stay silent. */
export function takeSamples(take: Pick<TakeAudio, 'startFrame' | 'frames'>, chunks: readonly RecordingChunk[]): Float32Array {
  const samples = new Float32Array(take.frames);
  const end = take.startFrame + take.frames;
  for (const chunk of chunks) {
    const from = Math.max(take.startFrame, chunk.offset);
    const to = Math.min(end, chunk.offset + chunk.samples.length);
    if (to <= from) continue;
    samples.set(chunk.samples.subarray(from - chunk.offset, to - chunk.offset), from - take.startFrame);
  }
  return samples;
}

/** Reads one take's samples from `store`; null when this device does not hold its audio. */
export async function readTakeSamples(store: TakeAudioStore, userId: number, takeId: string): Promise<{ samples: Float32Array; sampleRate: number } | null> {
  const take = await store.findTake(userId, takeId);
  if (!take) return null;
  return { samples: takeSamples(take, await store.chunksOf(userId, take.recordingId)), sampleRate: take.sampleRate };
}
