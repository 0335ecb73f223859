import { z } from 'zod';

/** Stages of spec 000 section 3: reading the folders, then tempo, then key and chords from the audio where missing. */
export const scanStages = ['scanning', 'bpm', 'chords', 'complete'] as const;
export type ScanStage = (typeof scanStages)[number];

/** One problem a scan met, on a song folder (`file` relative to it; empty for the folder itself). */
export const scanProblemSchema = z.object({ song: z.string(), file: z.string(), message: z.string() });
export type ScanProblem = z.infer<typeof scanProblemSchema>;

/** What a scan did to the library. */
export const scanSummarySchema = z.object({ catalogued: z.number(), changed: z.number(), unchanged: z.number(), removed: z.number() });
export type ScanSummary = z.infer<typeof scanSummarySchema>;

/**
 * GET /api/songs/scan/progress: the spec's fields, then what went wrong, what changed and when.
 * Those extras are optional: the spec's answer is complete without them.
 */
export const scanProgressSchema = z.object({
  isScanning: z.boolean(),
  currentSong: z.string().nullable(),
  /** 1-based index of `currentSong`; equals `totalSongs` once complete. */
  currentIndex: z.number(),
  totalSongs: z.number(),
  stage: z.enum(scanStages),
  problems: z.array(scanProblemSchema).optional(),
  summary: scanSummarySchema.optional(),
  startedAt: z.string().nullable().optional(),
  finishedAt: z.string().nullable().optional(),
  /** A first development start is synthesising the demo library: its songs come with the scan that follows. */
  preparingDemoLibrary: z.boolean().optional(),
});
export type ScanProgress = z.infer<typeof scanProgressSchema>;
