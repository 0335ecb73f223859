import { z } from 'zod';
import { presetDataSchema } from '../../../events/catalog';

/** Most documents per pull page, and the default (docs/sync-protocol.md). */
export const maxPullLimit = 500;
export const defaultPullLimit = 100;
/** Most rows per push. */
export const maxPushRows = 100;

/** GET /api/sync/{collection}/pull?position=&limit= */
export const pullQuery = z.object({
  // Positions are opaque to clients; only their characters and size are checked.
  position: z
    .string()
    .regex(/^[0-9A-Za-z/:._-]{1,100}$/, { message: 'must be a checkpoint position this API sent' })
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { message: `must be a whole number from 1 to ${maxPullLimit}` })
    .transform(Number)
    .pipe(z.number().int().min(1, { message: `must be from 1 to ${maxPullLimit}` }).max(maxPullLimit, { message: `must be from 1 to ${maxPullLimit}` }))
    .optional(),
});

/** A song id as sync documents carry it: a decimal string. */
const documentId = z.string().regex(/^[1-9]\d{0,8}$/, { message: 'must be a song id (a positive whole number as a string)' });
const updatedAt = z.number().int().nonnegative();

export const starDocumentSchema = z.strictObject({ id: documentId, starred: z.boolean(), updatedAt, _deleted: z.boolean() });

// A preset document's settings are checked for shape here; whether its stem ids are the song's is
// a matter of the song (a conflict, not a bad request: the song may have changed since). Tempo and
// transpose out of range are a bad request; absent, the document is from a client that does not
// know them (see `decidePresetPush`).
export const presetDocumentSchema = z.strictObject({
  id: documentId,
  volumes: presetDataSchema.shape.volumes,
  mutes: presetDataSchema.shape.mutes,
  tempo: presetDataSchema.shape.tempo,
  transpose: presetDataSchema.shape.transpose,
  updatedAt,
  _deleted: z.boolean(),
});

/** A pushed preset document: tempo and transpose are absent when the client predates them. */
export type PushedPresetDocument = z.infer<typeof presetDocumentSchema>;

interface PushRow {
  assumedMasterState: { id: string } | null;
  newDocumentState: { id: string };
}

/** A row's two states must be of one document. */
function sameDocument(rows: readonly PushRow[], issues: z.RefinementCtx): void {
  rows.forEach((row, index) => {
    if (row.assumedMasterState !== null && row.assumedMasterState.id !== row.newDocumentState.id) {
      issues.addIssue({ code: 'custom', path: [index, 'assumedMasterState', 'id'], message: 'must be the id of newDocumentState' });
    }
  });
}

const tooManyRows = { message: `at most ${maxPushRows} rows per push` };

/** POST /api/sync/stars/push */
export const starPushRequest = z
  .array(z.strictObject({ assumedMasterState: starDocumentSchema.nullable(), newDocumentState: starDocumentSchema }))
  .max(maxPushRows, tooManyRows)
  .superRefine(sameDocument);
/** POST /api/sync/presets/push */
export const presetPushRequest = z
  .array(z.strictObject({ assumedMasterState: presetDocumentSchema.nullable(), newDocumentState: presetDocumentSchema }))
  .max(maxPushRows, tooManyRows)
  .superRefine(sameDocument);

export type StarPushRow = z.infer<typeof starPushRequest>[number];
export type PresetPushRow = z.infer<typeof presetPushRequest>[number];

/** The collection in a sync path. */
export const pullCollectionParam = z.object({ collection: z.enum(['songs', 'stars', 'presets'], { message: 'must be songs, stars or presets' }) });
export const pushCollectionParam = z.object({ collection: z.enum(['stars', 'presets'], { message: 'must be stars or presets' }) });
