import type { Middleware } from '@reduxjs/toolkit';
import { sessionEnded } from '../session/session-ended';
import { databaseSession } from './database-session';

/** Log-out (`session/ended`) deletes the local database, so the next user never sees the previous one's stars or presets. */
export const databaseSessionMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (sessionEnded.match(action)) void databaseSession.end();
  return result;
};
