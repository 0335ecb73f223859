import Router from '@koa/router';
import type { PracticeSessionRecorded, PracticeSummary } from '../../../contract/practice';
import { newEvent } from '../../../events/catalog';
import { EventIdConflict } from '../../../events/store/event-id-conflict';
import { practiceSummary } from '../../../projections/practice-log/practice-log-queries';
import { songTitlesOf } from '../../../projections/songs/songs-queries';
import { takesPerSong } from '../../../projections/takes/takes-queries';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseBody, parseQuery } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { practiceSessionRequest, practiceSummaryQuery } from './practice-requests';
import { implausibleSession, isPlausibleToday } from './practice-session-rules';

const readModelWaitMs = 5_000;

/** The stream of a musician's practice sessions. */
export const practiceStream = (userId: number) => `practice-user-${userId}`;

/**
 * The practice log (decision 0030), for the signed-in musician:
 * - POST /api/practice-sessions -> 201: PracticeSessionRecorded, id `sessionId` (a repeat recorded
 *   once); 400 implausible, 404 unknown song, 409 id used for another session
 * - GET /api/practice/summary?today=YYYY-MM-DD -> PracticeSummary (last 28 days, streak, songs with their tempo
 *   progression, loops, takes per song)
 */
export function practiceRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api' });

  router.post('/practice-sessions', async (ctx) => {
    const user = requireUser(ctx);
    const session = parseBody(ctx, practiceSessionRequest);
    const problem = implausibleSession(session, deps.clock.now());
    if (problem) throw new AppError(400, 'invalid_request', problem);
    // Known to the library, on disk or not: a session may arrive after the folder went away.
    if (!(await songTitlesOf(deps.sql, [session.songId])).has(session.songId)) throw new AppError(404, 'not_found', `There is no song ${session.songId}.`);

    const { sessionId, ...fields } = session;
    const requestId = ctx.state.requestId;
    const event = newEvent(
      'PracticeSessionRecorded',
      { userId: user.id, ...fields },
      { eventId: sessionId, occurredAt: deps.clock.now().toISOString(), userId: user.id, requestId, causationId: requestId, correlationId: requestId },
    );
    let position;
    try {
      ({ position } = await deps.store.append(practiceStream(user.id), [event], { expectedVersion: 'any' }));
    } catch (error) {
      if (!(error instanceof EventIdConflict)) throw error;
      throw new AppError(409, 'conflict', 'This session id was already used for another session.');
    }
    try {
      await deps.projections.waitForPosition('practice-log', position, { timeoutMs: readModelWaitMs });
    } catch {
      // Recorded; the summary shows it as soon as the read model catches up.
      ctx.state.log.warn({ sessionId }, 'practice log read model is late after a session');
    }
    ctx.status = 201;
    ctx.body = { sessionId, secondsPractised: session.secondsPractised } satisfies PracticeSessionRecorded;
  });

  router.get('/practice/summary', async (ctx) => {
    const user = requireUser(ctx);
    const { today } = parseQuery(ctx, practiceSummaryQuery);
    if (!isPlausibleToday(today, deps.clock.now())) throw new AppError(400, 'invalid_request', 'today is not a date any time zone has now.');
    ctx.set('Cache-Control', 'no-store');
    const [summary, takes] = await Promise.all([practiceSummary(deps.sql, user.id, today), takesPerSong(deps.sql, user.id)]);
    ctx.body = { ...summary, takes } satisfies PracticeSummary;
  });

  return router;
}
