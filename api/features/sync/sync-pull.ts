import { START, type Position } from '../../../events/store/event-store';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import { readPositionEpoch } from '../../../projections/runtime/position-epoch';
import { listPresetChanges } from '../../../projections/presets/presets-queries';
import { listSongChanges, listStarChanges } from '../../../projections/songs/songs-sync-queries';
import { listTakeChanges } from '../../../projections/takes/takes-queries';
import { checkpointPosition, pullFrom } from './sync-checkpoint';
import type { PullPage, SyncCollection, SyncDocuments } from '../../../contract/sync-documents';
import { toPresetDocument, toSongDocument, toStarDocument, toTakeDocument } from './sync-documents';

/**
 * One pull page of `collection` for `userId`: documents changed after the checkpoint (all when none,
 * or of another epoch), oldest first; the checkpoint is the last document's (or the one asked from).
 */
export async function pullPage<Name extends SyncCollection>(
  sql: SqlExecutor,
  collection: Name,
  userId: number,
  sentCheckpoint: string | undefined,
  limit: number,
): Promise<PullPage<SyncDocuments[Name]>> {
  const epoch = await readPositionEpoch(sql);
  const position = pullFrom(epoch, sentCheckpoint);
  const after = position ?? START;
  const changes = await readChanges(sql, collection, userId, after, limit);
  const last = changes.at(-1)?.position ?? position;
  const checkpoint = last === undefined ? null : { position: checkpointPosition(epoch, last) };
  return { documents: changes.map((change) => change.document) as SyncDocuments[Name][], checkpoint };
}

async function readChanges(
  sql: SqlExecutor,
  collection: SyncCollection,
  userId: number,
  after: Position,
  limit: number,
): Promise<Array<{ document: SyncDocuments[SyncCollection]; position: Position }>> {
  switch (collection) {
    case 'songs':
      return (await listSongChanges(sql, userId, after, limit)).map((song) => ({ document: toSongDocument(song), position: song.position }));
    case 'stars':
      return (await listStarChanges(sql, userId, after, limit)).map((star) => ({ document: toStarDocument(star), position: star.position }));
    case 'presets':
      return (await listPresetChanges(sql, userId, after, limit)).map((preset) => ({ document: toPresetDocument(preset), position: preset.position }));
    case 'takes':
      return (await listTakeChanges(sql, userId, after, limit)).map((take) => ({ document: toTakeDocument(take), position: take.position }));
  }
}
