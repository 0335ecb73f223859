import { type ScanProgress, scanProgressSchema } from '../../../../contract/scan-progress';
import { type ScanStarted, scanStartedSchema } from '../../../../contract/song';
import { api } from '../../lib/api/api';
import { answerSchema } from '../../lib/api/answer-schema';

/** Scan calls; the songs and stars themselves come from the local database (lib/db). */
export const libraryApi = api.injectEndpoints({
  endpoints: (build) => ({
    startScan: build.mutation<ScanStarted, void>({
      query: () => ({ url: '/api/songs/scan', method: 'POST' }),
      responseSchema: answerSchema(scanStartedSchema),
    }),
    /** The argument only tells scans apart (one cache entry per scan); the call is always the same. */
    scanProgress: build.query<ScanProgress, number>({
      query: () => '/api/songs/scan/progress',
      responseSchema: answerSchema(scanProgressSchema),
    }),
    /** The same progress, read by an empty library waiting for the demo library (a cache entry of its own). */
    demoLibraryProgress: build.query<ScanProgress, void>({
      query: () => '/api/songs/scan/progress',
      responseSchema: answerSchema(scanProgressSchema),
    }),
  }),
});

export const { useStartScanMutation, useScanProgressQuery, useDemoLibraryProgressQuery } = libraryApi;
