import Router from '@koa/router';
import { completePresetData } from '../../../events/catalog';
import { findPreset } from '../../../projections/presets/presets-queries';
import { type SongRecord, findSong } from '../../../projections/songs/songs-queries';
import { hasActiveSubscription } from '../../../projections/subscriptions/subscriptions-queries';
import type { AppDependencies } from '../../app-dependencies';
import { handleCommand } from '../../commands/handle-command';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody, parseInput } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { decideResetPreset, decideSavePreset, requirePro } from '../../library/preset-decisions';
import { evolvePresetState, initialPresetState, presetStream } from '../../library/preset-state';
import { presetSongIdParam, savePresetRequestFor } from './presets-requests';
import type { PresetResponse } from './presets-responses';
import { withRequiresUpgradeAnswer } from './requires-upgrade-answer';

const presetsReadModel = 'presets';

/**
 * A user's preset per song (spec 000 section 7), Pro only (else 403 requires_upgrade, nothing
 * changes): GET /api/songs/{id}/preset (404 when none), POST { presetData } (tempo and transpose
 * default to 1 and 0; out of range 400), DELETE -> 204. Unknown songs are 404.
 */
export function presetsRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/songs' });

  router.get(
    '/:id/preset',
    withRequiresUpgradeAnswer(async (ctx) => {
      const { userId, song } = await presetRequest(deps, ctx);
      const preset = await findPreset(deps.sql, userId, song.id);
      if (!preset) throw new AppError(404, 'not_found', 'There is no preset for this song.');
      ctx.body = { presetData: preset.presetData } satisfies PresetResponse;
    }),
  );

  router.post(
    '/:id/preset',
    withRequiresUpgradeAnswer(async (ctx) => {
      const { userId, song, hasActiveSubscription } = await presetRequest(deps, ctx);
      const presetData = completePresetData(parseBody(ctx, savePresetRequestFor(song.stems.map((stem) => stem.filename))).presetData);
      await handleCommand(deps, ctx, {
        stream: presetStream(userId, song.id),
        initialState: initialPresetState,
        evolve: evolvePresetState,
        decide: (state) => decideSavePreset(state, { userId, songId: song.id, presetData, hasActiveSubscription }),
        userId,
        readModel: presetsReadModel,
      });
      ctx.body = { presetData } satisfies PresetResponse;
    }),
  );

  router.delete(
    '/:id/preset',
    withRequiresUpgradeAnswer(async (ctx) => {
      const { userId, song, hasActiveSubscription } = await presetRequest(deps, ctx);
      await handleCommand(deps, ctx, {
        stream: presetStream(userId, song.id),
        initialState: initialPresetState,
        evolve: evolvePresetState,
        decide: (state) => decideResetPreset(state, { userId, songId: song.id, hasActiveSubscription }),
        userId,
        readModel: presetsReadModel,
      });
      ctx.status = 204;
    }),
  );

  return router;
}

/** The checks every preset call starts with: signed in, a song on disk, Pro (before the body is read). */
async function presetRequest(deps: AppDependencies, ctx: AppContext): Promise<{ userId: number; song: SongRecord; hasActiveSubscription: boolean }> {
  const user = requireUser(ctx);
  const { id } = parseInput(presetSongIdParam, ctx.params, 'path');
  const song = await findSong(deps.sql, id, user.id);
  if (!song) throw new AppError(404, 'not_found', `There is no song ${id}.`);
  const pro = await hasActiveSubscription(deps.sql, user.id, deps.clock.now());
  requirePro({ hasActiveSubscription: pro });
  return { userId: user.id, song, hasActiveSubscription: pro };
}
