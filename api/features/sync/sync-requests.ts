import { z } from 'zod';
import { maxPullLimit, maxPushRows, presetDocumentSchema, pushCollections, starDocumentSchema, syncCollections, takeDocumentSchema } from '../../../contract/sync-documents';
import { presetDataSchema } from '../../../events/catalog';

/** Documents per pull page without a `limit` (docs/sync-protocol.md). */
export const defaultPullLimit = 100;

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

/** A pushed star document: the contract's, and nothing else. */
const pushedStarDocument = z.strictObject(starDocumentSchema.shape);

// A pushed preset's settings are checked as the event's preset data (tighter than the contract's
// document: at most 64 stems, stem ids of at most 255 characters); whether its stem ids are the
// song's is a matter of the song (a conflict, not a bad request: the song may have changed since).
// Tempo and transpose out of range are a bad request; absent, the document is from a client that
// does not know them (see `decidePresetPush`).
const pushedPresetDocument = z.strictObject({
  ...presetDocumentSchema.shape,
  volumes: presetDataSchema.shape.volumes,
  mutes: presetDataSchema.shape.mutes,
  tempo: presetDataSchema.shape.tempo,
  transpose: presetDataSchema.shape.transpose,
});

/** A pushed preset document: tempo and transpose are absent when the client predates them. */
export type PushedPresetDocument = z.infer<typeof pushedPresetDocument>;

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
  .array(z.strictObject({ assumedMasterState: pushedStarDocument.nullable(), newDocumentState: pushedStarDocument }))
  .max(maxPushRows, tooManyRows)
  .superRefine(sameDocument);
/** POST /api/sync/presets/push */
export const presetPushRequest = z
  .array(z.strictObject({ assumedMasterState: pushedPresetDocument.nullable(), newDocumentState: pushedPresetDocument }))
  .max(maxPushRows, tooManyRows)
  .superRefine(sameDocument);

/** A pushed take document: the contract's, and nothing else. */
const pushedTakeDocument = z.strictObject(takeDocumentSchema.shape);
/** POST /api/sync/takes/push */
export const takePushRequest = z
  .array(z.strictObject({ assumedMasterState: pushedTakeDocument.nullable(), newDocumentState: pushedTakeDocument }))
  .max(maxPushRows, tooManyRows)
  .superRefine(sameDocument);

export type StarPushRow = z.infer<typeof starPushRequest>[number];
export type TakePushRow = z.infer<typeof takePushRequest>[number];
export type PresetPushRow = z.infer<typeof presetPushRequest>[number];

/** The collection in a sync path. */
export const pullCollectionParam = z.object({ collection: z.enum(syncCollections, { message: 'must be songs, stars, presets or takes' }) });
export const pushCollectionParam = z.object({ collection: z.enum(pushCollections, { message: 'must be stars, presets or takes' }) });
