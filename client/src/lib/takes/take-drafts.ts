import { type TakeDocument, songKey } from '../../../../contract/sync-documents';
import { type TakeSegment, segmentFrames, shortestTakeSeconds } from '../audio/recording/take-segments';
import type { Seconds } from '../audio/units';
import { localDateOf } from '../practice/practice-clock';
import type { TakeAudio } from './take-audio';

/** A take's metadata as this device keeps it before the replication sends it. */
export type TakeMetadata = Omit<TakeDocument, '_deleted'>;

/** A take cut from a recording: where its audio lies, and its metadata. */
export interface TakeDraft {
  audio: TakeAudio;
  metadata: TakeMetadata;
}

/** The name a new take gets: numbered per song, in the order recorded. */
export function takeName(number: number): string {
  return `Take ${number}`;
}

/** The takes of one recording (pure): each segment long enough, placed by the latency, named and dated. */
export function takeDrafts(input: {
  segments: readonly TakeSegment[];
  recordingId: string;
  recordedFrom: Seconds;
  recordedFrames: number;
  sampleRate: number;
  latency: Seconds;
  songId: number;
  transpose: number;
  loop: { start: Seconds; end: Seconds } | null;
  section: { start: Seconds; end: Seconds } | null;
  /** When recording started, on the device's clock. */
  startedAt: Date;
  /** The audio clock when recording started: each take's date is `startedAt` plus its offset. */
  clockAtStart: Seconds;
  firstNumber: number;
  newId: () => string;
  now: number;
}): TakeDraft[] {
  const drafts: TakeDraft[] = [];
  // The band may have been playing before the microphone was: a take starts with its first sample.
  const firstHeard = input.recordedFrom - input.latency;
  for (const played of input.segments) {
    const late = Math.max(0, firstHeard - played.startAt);
    const segment = late > 0 ? { ...played, startAt: played.startAt + late, from: played.from + late * played.rate } : played;
    const { start, end } = segmentFrames(segment, input.recordedFrom, input.latency, input.sampleRate, input.recordedFrames);
    if ((end - start) / input.sampleRate < shortestTakeSeconds) continue;
    const takeId = input.newId();
    const inLoop = input.loop !== null && segment.from >= input.loop.start && segment.from < input.loop.end;
    const scope = inLoop ? 'loop' : input.section ? 'section' : 'song';
    const range = inLoop ? input.loop : scope === 'section' ? input.section : null;
    const recordedAt = new Date(input.startedAt.getTime() + Math.max(0, segment.startAt - input.clockAtStart) * 1000);
    drafts.push({
      audio: { takeId, recordingId: input.recordingId, startFrame: start, frames: end - start, sampleRate: input.sampleRate },
      metadata: {
        id: takeId,
        songId: songKey(input.songId),
        name: takeName(input.firstNumber + drafts.length),
        recordedAt: recordedAt.getTime(),
        localDate: localDateOf(recordedAt),
        durationSeconds: (end - start) / input.sampleRate,
        startSeconds: segment.from,
        tempo: segment.rate,
        transpose: input.transpose,
        scope,
        range: range ? { startSeconds: range.start, endSeconds: range.end } : null,
        latencySeconds: input.latency,
        updatedAt: input.now,
      },
    });
  }
  return drafts;
}
