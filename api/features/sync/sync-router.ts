import Router from '@koa/router';
import { findSong } from '../../../projections/songs/songs-queries';
import { hasActiveSubscription } from '../../../projections/subscriptions/subscriptions-queries';
import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { parseBody, parseInput, parseQuery } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { evolvePresetState, initialPresetState, presetStream } from '../presets/preset-state';
import { decidePresetPush } from './preset-push';
import { PushConflict } from './push-conflict';
import { decideStarPush, evolveStarDocumentsState, initialStarDocumentsState, starsStream } from './star-push';
import { type SyncChangeFeed, type SyncChangeFeedOptions } from './sync-change-feed';
import type { PresetDocument, StarDocument } from './sync-documents';
import { pullPage } from './sync-pull';
import { defaultPullLimit, presetPushRequest, pullCollectionParam, pullQuery, pushCollectionParam, starPushRequest } from './sync-requests';
import { type SyncStreamOptions, openSyncStream } from './sync-stream';

export interface SyncRouterOptions {
  feed: SyncChangeFeed;
  stream?: SyncStreamOptions;
}

export type { SyncChangeFeedOptions };

/**
 * Replication of the local-first library (docs/sync-protocol.md), for signed-in users:
 * - GET /api/sync/{songs|stars|presets}/pull?position=&limit= -> { documents, checkpoint }
 * - POST /api/sync/{stars|presets}/push [{ assumedMasterState, newDocumentState }] -> conflicting master documents
 * - GET /api/sync/stream -> Server-Sent Events
 * Pushes go through the same decisions as PATCH /api/songs/{id}/starred and POST/DELETE
 * /api/songs/{id}/preset; each applied row waits for its read model, so a pull after the push sees it.
 */
export function syncRouter(deps: AppDependencies, options: SyncRouterOptions): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/sync' });

  router.get('/stream', (ctx) => openSyncStream(ctx, options.feed, options.stream));

  router.get('/:collection/pull', async (ctx) => {
    const user = requireUser(ctx);
    const { collection } = parseInput(pullCollectionParam, ctx.params, 'path');
    const { position, limit } = parseQuery(ctx, pullQuery);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pullPage(deps.sql, collection, user.id, position, limit ?? defaultPullLimit);
  });

  router.post('/:collection/push', async (ctx) => {
    const user = requireUser(ctx);
    const { collection } = parseInput(pushCollectionParam, ctx.params, 'path');
    ctx.body = collection === 'stars' ? await pushStars(deps, ctx, user.id) : await pushPresets(deps, ctx, user.id);
  });

  return router;
}

async function pushStars(deps: AppDependencies, ctx: AppContext, userId: number): Promise<StarDocument[]> {
  const rows = parseBody(ctx, starPushRequest);
  const conflicts: StarDocument[] = [];
  for (const { assumedMasterState, newDocumentState } of rows) {
    const songId = Number(newDocumentState.id);
    const song = await findSong(deps.sql, songId, userId);
    try {
      await handleCommand(deps, ctx, {
        stream: starsStream(userId),
        initialState: initialStarDocumentsState,
        evolve: evolveStarDocumentsState,
        decide: (state) => decideStarPush(state, { userId, songId, songOnDisk: song !== undefined, assumedMasterState, newDocumentState }),
        userId,
        readModel: 'songs',
      });
    } catch (error) {
      if (!(error instanceof PushConflict)) throw error;
      conflicts.push(error.master as StarDocument);
    }
  }
  return conflicts;
}

async function pushPresets(deps: AppDependencies, ctx: AppContext, userId: number): Promise<PresetDocument[]> {
  const rows = parseBody(ctx, presetPushRequest);
  const pro = await hasActiveSubscription(deps.sql, userId, deps.clock.now());
  const conflicts: PresetDocument[] = [];
  for (const { assumedMasterState, newDocumentState } of rows) {
    const songId = Number(newDocumentState.id);
    const song = await findSong(deps.sql, songId, userId);
    try {
      await handleCommand(deps, ctx, {
        stream: presetStream(userId, songId),
        initialState: initialPresetState,
        evolve: evolvePresetState,
        decide: (state) =>
          decidePresetPush(state, {
            userId,
            songId,
            hasActiveSubscription: pro,
            songStemIds: song ? song.stems.map((stem) => stem.filename) : null,
            assumedMasterState,
            newDocumentState,
          }),
        userId,
        readModel: 'presets',
      });
    } catch (error) {
      if (!(error instanceof PushConflict)) throw error;
      conflicts.push(error.master as PresetDocument);
    }
  }
  return conflicts;
}
