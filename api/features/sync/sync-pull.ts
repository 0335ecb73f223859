import { START, type Position } from '../../../events/store/event-store';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import { listPresetChanges } from '../../../projections/presets/presets-queries';
import { listSongChanges, listStarChanges } from '../../../projections/songs/songs-sync-queries';
import { type SyncCollection, type SyncDocuments, type SyncPage, toPresetDocument, toSongDocument, toStarDocument } from './sync-documents';

/**
 * One pull page of `collection` for `userId`: the documents changed after `position` (from the
 * beginning without one), oldest change first. The checkpoint is the last document's position, or
 * the one asked from when nothing changed since (null from the beginning).
 */
export async function pullPage<Name extends SyncCollection>(
  sql: SqlExecutor,
  collection: Name,
  userId: number,
  position: Position | undefined,
  limit: number,
): Promise<SyncPage<SyncDocuments[Name]>> {
  const after = position ?? START;
  const changes = await readChanges(sql, collection, userId, after, limit);
  const last = changes.at(-1);
  const checkpoint = last ? { position: last.position } : position === undefined ? null : { position };
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
      return (await listSongChanges(sql, after, limit)).map((song) => ({ document: toSongDocument(song), position: song.position }));
    case 'stars':
      return (await listStarChanges(sql, userId, after, limit)).map((star) => ({ document: toStarDocument(star), position: star.position }));
    case 'presets':
      return (await listPresetChanges(sql, userId, after, limit)).map((preset) => ({ document: toPresetDocument(preset), position: preset.position }));
  }
}
