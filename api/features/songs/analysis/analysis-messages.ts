import type { HarmonyAnalysis, TempoAnalysis } from './song-analysis';

/** What the API thread asks the analysis worker. */
export type AnalysisRequest =
  | { id: number; kind: 'tempo'; stems: string[] }
  | { id: number; kind: 'harmony'; stems: string[]; beats: number[] };

/** The worker's answer to the request with the same id. */
export type AnalysisReply =
  | { id: number; ok: true; result: TempoAnalysis | HarmonyAnalysis }
  | { id: number; ok: false; message: string };
