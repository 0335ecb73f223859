import { hourlyLimit } from '../../rate-limits/rate-limit-rule';

/** Library scans per user per hour (decision 0050): only one runs at a time, so one user's scans must not starve everyone else's. */
export const songScansPerUser = hourlyLimit('song-scan-per-user', 10, 'You have started too many library scans.');

/** BPM detections (POST /api/songs/{id}/rescan-bpm) per user per hour (decision 0050): each decodes stems on the one analysis worker. */
export const bpmDetectionsPerUser = hourlyLimit('bpm-detection-per-user', 30, 'You have asked for too many BPM detections.');
