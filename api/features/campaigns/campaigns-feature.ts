import { deriveAuthKey } from '../../config/auth-secret';
import type { Feature } from '../../feature';
import { unsubscribePath } from './campaign-email';
import { createCampaignSenderJob } from './campaign-sender-job';
import { campaignUnsubscribeRouter } from './campaign-unsubscribe-router';
import { campaignsRouter } from './campaigns-router';

/**
 * E-mail campaigns: the admin's compose, history and pause/resume/cancel calls, the one-click
 * unsubscribe link every campaign mail carries, and the sender job (one active across processes)
 * that queues the mail into the e-mail outbox in batches.
 */
export const campaignsFeature: Feature = {
  name: 'campaigns',
  routers: (deps) => [campaignsRouter(deps), campaignUnsubscribeRouter(deps)],
  rawBodyPaths: [unsubscribePath],
  jobs: (deps) => [
    createCampaignSenderJob({
      sql: deps.sql,
      store: deps.store,
      clock: deps.clock,
      logger: deps.logger,
      publicUrl: deps.config.publicUrl,
      outboxKey: deriveAuthKey(deps.config, 'email-outbox'),
      unsubscribeKey: deriveAuthKey(deps.config, 'campaign-unsubscribe'),
    }),
  ],
};
