import Router from '@koa/router';
import type { Position } from '../../../events/store/event-store';
import { findCampaign, listCampaigns } from '../../../projections/campaigns/campaigns-queries';
import type { CampaignRecord } from '../../../projections/campaigns/campaigns-queries';
import { ProjectionWaitTimeout } from '../../../projections/runtime/position-waiter';
import type { AppDependencies } from '../../app-dependencies';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { changeCampaign, createCampaign } from './campaign-commands';
import { campaignIdParam, createCampaignBody } from './campaign-requests';
import type { CampaignAction } from './campaign-transitions';

/** The history shows this many campaigns, newest first. */
const historyLength = 100;

/**
 * E-mail campaigns (spec 001 sections 2.9, 3, 4, 7), admins only: GET/POST /api/admin/email-campaigns,
 * POST .../{id}/pause|resume, PATCH .../{id}/cancel -> CampaignRecord; 404 unknown id, 409 not allowed now.
 */
export function campaignsRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/admin/email-campaigns' });

  router.get('/', async (ctx) => {
    ctx.body = await listCampaigns(deps.sql, { limit: historyLength });
  });

  router.post('/', async (ctx) => {
    const admin = requireUser(ctx);
    const campaign = parseBody(ctx, createCampaignBody, 'first');
    const { campaignId, position } = await createCampaign(deps, campaign, { requestId: ctx.state.requestId, userId: admin.id });
    ctx.status = 201;
    ctx.body = await readAfter(deps, campaignId, position);
  });

  const actions: Array<['post' | 'patch', CampaignAction]> = [
    ['post', 'pause'],
    ['post', 'resume'],
    ['patch', 'cancel'],
  ];
  for (const [method, action] of actions) {
    router[method](`/:id/${action}`, async (ctx: AppContext & { params: { id: string } }) => {
      const admin = requireUser(ctx);
      const campaignId = campaignIdParam(ctx.params.id);
      if (campaignId === null) throw new AppError(404, 'not_found', `There is no campaign ${ctx.params.id}.`);
      const position = await changeCampaign(deps, campaignId, action, { requestId: ctx.state.requestId, userId: admin.id });
      ctx.body = await readAfter(deps, campaignId, position);
    });
  }

  return router;
}

/** The campaign as the history shows it once the read model has the change (read-your-writes). */
async function readAfter(deps: AppDependencies, campaignId: number, position: Position | undefined): Promise<CampaignRecord> {
  try {
    if (position !== undefined) await deps.projections.waitForPosition('campaigns', position, { timeoutMs: 5_000 });
  } catch (error) {
    if (!(error instanceof ProjectionWaitTimeout)) throw error;
    throw new AppError(503, 'not_ready', 'The change is saved but not visible yet. Please reload in a moment.');
  }
  const campaign = await findCampaign(deps.sql, campaignId);
  if (campaign === null) throw new AppError(503, 'not_ready', 'The change is saved but not visible yet. Please reload in a moment.');
  return campaign;
}
