import Router from '@koa/router';
import { z } from 'zod';
import { deriveAuthKey } from '../../config/auth-secret';
import { listOutbox } from '../../adapters/email/email-outbox';
import type { OutboxEntry } from '../../adapters/email/email-outbox';
import type { AppDependencies } from '../../app-dependencies';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { configuredHostNames } from '../../http/configured-host-names';
import { isLoopbackPeer } from '../../http/loopback-peer';
import { parseQuery } from '../../http/parse-request';
import { devMailboxPage } from './dev-mailbox-page';

/** One message of GET /api/dev/outbox (`data`: the values the template was filled with, e.g. a sign-in's `code` and `link`). */
export type DevOutboxMessage = Omit<OutboxEntry, 'createdAt' | 'sentAt' | 'failedAt'> & { createdAt: string; sentAt: string | null };

/** GET /api/dev/outbox */
export interface DevOutboxResponse {
  messages: DevOutboxMessage[];
}

const outboxQuery = z.object({
  to: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * The local outbox (it holds live sign-in codes): 404 in production, 403 to any peer but this
 * machine or at a host name not configured (DNS rebinding). GET /dev/mailbox is an HTML list;
 * GET /api/dev/outbox?to=&limit=50 -> { messages }, newest first, for browser tests.
 */
export function devMailboxRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>();
  const key = deriveAuthKey(deps.config, 'email-outbox');
  const hostNames = configuredHostNames(deps.config.publicUrl);
  const mayRead = (ctx: AppContext) => {
    if (deps.config.nodeEnv === 'production') throw new AppError(404, 'not_found', 'Not found.');
    if (!isLoopbackPeer(ctx.req.socket.remoteAddress)) {
      throw new AppError(403, 'forbidden', 'The mailbox answers only to this machine (a loopback connection).');
    }
    if (!hostNames.allows(ctx.host)) {
      throw new AppError(403, 'forbidden', "The mailbox answers only at this server's own host names (PUBLIC_URL's host, localhost, 127.0.0.1, [::1]).");
    }
  };

  router.get('/dev/mailbox', async (ctx) => {
    mayRead(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = devMailboxPage(await listOutbox(deps.sql, { key, limit: 100 }));
  });

  router.get('/api/dev/outbox', async (ctx) => {
    mayRead(ctx);
    const query = parseQuery(ctx, outboxQuery);
    const entries = await listOutbox(deps.sql, { key, limit: query.limit, ...(query.to ? { to: query.to } : {}) });
    const body: DevOutboxResponse = { messages: entries.map(toMessage) };
    ctx.body = body;
  });

  return router;
}

function toMessage({ createdAt, sentAt, failedAt: _failedAt, ...entry }: OutboxEntry): DevOutboxMessage {
  return { ...entry, createdAt: createdAt.toISOString(), sentAt: sentAt?.toISOString() ?? null };
}
