import { z } from 'zod';
import { defineEvent } from './define-event';

const userId = z.number().int().positive();

/** An account was created at its first successful sign-in. */
export const UserRegistered = defineEvent({
  type: 'UserRegistered',
  schemaVersion: 1,
  schema: z.object({ userId, email: z.email() }),
});

/** A session started. The code or link that proved the address never enters the log. */
export const UserSignedIn = defineEvent({
  type: 'UserSignedIn',
  schemaVersion: 1,
  schema: z.object({ userId, method: z.enum(['code', 'link']) }),
});

/** The user logged out; every session of the account ended. */
export const UserSignedOut = defineEvent({
  type: 'UserSignedOut',
  schemaVersion: 1,
  schema: z.object({ userId, sessionsEnded: z.number().int().nonnegative() }),
});
