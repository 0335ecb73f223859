import { rateLimitRule } from '../../rate-limits/rate-limit-rule';

/**
 * Library scans per user per hour (decision 0050). A scan reads every song folder and may queue
 * audio analysis for each, and only one runs at a time, so a user starting scan after scan keeps
 * everyone else's from starting. Ten covers adding songs in a few goes and checking the result.
 */
export const songScansPerUser = rateLimitRule({
  name: 'song-scan-per-user',
  limit: 10,
  windowMs: 60 * 60_000,
  refusal: 'You have started too many library scans.',
});

/**
 * BPM detections (POST /api/songs/{id}/rescan-bpm) per user per hour (decision 0050): each decodes
 * the song's stems on the one analysis worker the scans also need. Thirty lets an administrator
 * fix an album's tempos in one sitting.
 */
export const bpmDetectionsPerUser = rateLimitRule({
  name: 'bpm-detection-per-user',
  limit: 30,
  windowMs: 60 * 60_000,
  refusal: 'You have asked for too many BPM detections.',
});
