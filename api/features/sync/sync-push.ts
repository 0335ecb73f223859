import { songTitlesOf, stemIdsOfSongsOnDisk } from '../../../projections/songs/songs-queries';
import { takeOwners } from '../../../projections/takes/takes-queries';
import { hasActiveSubscription } from '../../../projections/subscriptions/subscriptions-queries';
import type { DecidedEvent } from '../../../events/catalog';
import type { AppDependencies } from '../../app-dependencies';
import type { EventSource } from '../../commands/request-event-metadata';
import type { PresetEvent } from '../../library/preset-decisions';
import { type PresetState, evolvePresetState, initialPresetState, presetStream } from '../../library/preset-state';
import type { StarEvent } from '../../library/star-decisions';
import { decidePresetPush } from './preset-push';
import { type IndexedRow, type RowConflict, pushRowsOnStream } from './push-rows';
import { type StarDocumentsState, decideStarPush, evolveStarDocumentsState, initialStarDocumentsState, starsStream } from './star-push';
import type { PresetDocument, StarDocument, TakeDocument } from '../../../contract/sync-documents';
import type { PresetPushRow, StarPushRow, TakePushRow } from './sync-requests';
import { type TakeDocumentsState, type TakeEvent, decideTakePush, evolveTakeDocumentsState, initialTakeDocumentsState, takesStream } from './take-push';

type PushDependencies = Pick<AppDependencies, 'sql' | 'store' | 'clock' | 'projections'>;

/** POST /api/sync/stars/push: one stream per user, so one command; answers the conflicting master documents. */
export async function pushStars(deps: PushDependencies, ctx: EventSource, userId: number, rows: readonly StarPushRow[]): Promise<StarDocument[]> {
  const onDisk = await stemIdsOfSongsOnDisk(deps.sql, rows.map((row) => Number(row.newDocumentState.id)));
  return pushOnUserStream<StarDocumentsState, StarPushRow, StarEvent, StarDocument>(deps, ctx, rows, {
    stream: starsStream(userId),
    userId,
    initialState: initialStarDocumentsState,
    evolve: evolveStarDocumentsState,
    decideRow: (state, { assumedMasterState, newDocumentState }) => {
      const songId = Number(newDocumentState.id);
      return decideStarPush(state, { userId, songId, songOnDisk: onDisk.has(songId), assumedMasterState, newDocumentState });
    },
    readModel: 'songs',
  });
}

/** POST /api/sync/presets/push: one command per song, run together so their appends group-commit. */
export async function pushPresets(deps: PushDependencies, ctx: EventSource, userId: number, rows: readonly PresetPushRow[]): Promise<PresetDocument[]> {
  const pro = await hasActiveSubscription(deps.sql, userId, deps.clock.now());
  const stemIds = await stemIdsOfSongsOnDisk(deps.sql, rows.map((row) => Number(row.newDocumentState.id)));
  const bySong = new Map<number, Array<IndexedRow<PresetPushRow>>>();
  rows.forEach((row, index) => {
    const songId = Number(row.newDocumentState.id);
    bySong.set(songId, [...(bySong.get(songId) ?? []), { index, row }]);
  });
  const perSong = await Promise.all(
    [...bySong].map(([songId, songRows]) =>
      pushRowsOnStream<PresetState, PresetPushRow, PresetEvent, PresetDocument>(deps, ctx, {
        stream: presetStream(userId, songId),
        userId,
        initialState: initialPresetState,
        evolve: evolvePresetState,
        rows: songRows,
        decideRow: (state, { assumedMasterState, newDocumentState }) =>
          decidePresetPush(state, {
            userId,
            songId,
            hasActiveSubscription: pro,
            songStemIds: stemIds.get(songId) ?? null,
            assumedMasterState,
            newDocumentState,
          }),
        readModel: 'presets',
      }),
    ),
  );
  return inPushOrder(perSong.flat());
}

/** POST /api/sync/takes/push: one stream per user, so one command; a take id of another user is refused. */
export async function pushTakes(deps: PushDependencies, ctx: EventSource, userId: number, rows: readonly TakePushRow[]): Promise<TakeDocument[]> {
  const owners = await takeOwners(deps.sql, rows.map((row) => row.newDocumentState.id));
  const known = await songTitlesOf(deps.sql, rows.map((row) => Number(row.newDocumentState.songId)));
  return pushOnUserStream<TakeDocumentsState, TakePushRow, TakeEvent, TakeDocument>(deps, ctx, rows, {
    stream: takesStream(userId),
    userId,
    initialState: initialTakeDocumentsState,
    evolve: evolveTakeDocumentsState,
    decideRow: (state, { assumedMasterState, newDocumentState }) => {
      const owner = owners.get(newDocumentState.id);
      return decideTakePush(state, {
        userId,
        songKnown: known.has(Number(newDocumentState.songId)),
        ownedByOther: owner !== undefined && owner !== userId,
        assumedMasterState,
        newDocumentState,
      });
    },
    readModel: 'takes',
  });
}

/** A push whose rows all go to one stream of the user's (stars, takes): one command, its conflicts in push order. */
async function pushOnUserStream<State, Row, Event extends DecidedEvent, Document>(
  deps: PushDependencies,
  ctx: EventSource,
  rows: readonly Row[],
  command: Omit<Parameters<typeof pushRowsOnStream<State, Row, Event, Document>>[2], 'rows'>,
): Promise<Document[]> {
  return inPushOrder(await pushRowsOnStream<State, Row, Event, Document>(deps, ctx, { ...command, rows: rows.map((row, index) => ({ index, row })) }));
}

function inPushOrder<Document>(conflicts: ReadonlyArray<RowConflict<Document>>): Document[] {
  return [...conflicts].sort((a, b) => a.index - b.index).map((conflict) => conflict.master);
}
