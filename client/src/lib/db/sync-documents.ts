import { z } from 'zod';
import {
  type PresetDocument,
  type StarDocument,
  type TakeDocument,
  presetDocumentSchema,
  songDocumentSchema,
  starDocumentSchema,
  takeDocumentSchema,
} from '../../../../contract/sync-documents';
import { songStemSchema } from '../../../../contract/song';

// The contract's documents (contract/sync-documents.ts), except that a song keeps of each stem only what the player loads.

const keptStemSchema = songStemSchema.pick({ id: true, name: true, instrument: true, filename: true, filePath: true, durationSeconds: true });

/** One song of the catalogue as this client keeps it (`starred` lives in `stars`). */
export const keptSongDocumentSchema = songDocumentSchema.extend({ stems: z.array(keptStemSchema) });
export type KeptSongDocument = z.infer<typeof keptSongDocumentSchema>;

/** The schema of each collection's documents as the client keeps them; parsing drops every other field. */
export const keptDocumentSchemas = { songs: keptSongDocumentSchema, stars: starDocumentSchema, presets: presetDocumentSchema, takes: takeDocumentSchema } as const;

/** The document type of each collection as the client keeps it. */
export interface KeptDocuments {
  songs: KeptSongDocument;
  stars: StarDocument;
  presets: PresetDocument;
  takes: TakeDocument;
}
