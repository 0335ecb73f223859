import { z } from 'zod';
import { userEventTypes } from '../../../projections/user-event-history/user-event-history-projection';

/** A user id in a path: a positive whole number that fits the read models' integer columns. */
export const adminUserIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { message: 'must be a user id (a positive whole number)' })
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, { message: 'must be a user id (a positive whole number)' }),
});

/** PATCH /api/admin/settings */
export const adminSettingsPatch = z.strictObject({ purchasing_enabled: z.boolean() });

/** Most credits one adjustment grants or takes back: a typo must not become a fortune. */
export const maxCreditsPerAdjustment = 100_000;

/** POST /api/admin/users/{id}/credit-adjustments: credits to grant (positive) or take back (negative), and why. */
export const creditAdjustmentRequest = z.strictObject({
  credits: z
    .number()
    .int()
    .min(-maxCreditsPerAdjustment)
    .max(maxCreditsPerAdjustment)
    .refine((credits) => credits !== 0, { message: 'An adjustment changes the balance' }),
  reason: z.string().trim().min(1, { message: 'A reason is required' }).max(500),
});

export const defaultEventsPageSize = 50;
export const maxEventsPageSize = 200;

const eventType = z.enum(userEventTypes);

/**
 * GET /api/admin/users/{id}/events: `limit` (1..200, default 50), `before` (the previous page's
 * `nextCursor`), `type` (one type, a comma-separated list, or the parameter repeated).
 */
export const userEventsQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, { message: `must be a whole number from 1 to ${maxEventsPageSize}` })
    .transform(Number)
    .refine((limit) => limit <= maxEventsPageSize, { message: `must be a whole number from 1 to ${maxEventsPageSize}` })
    .optional(),
  before: z
    .string()
    .regex(/^[0-9A-Za-z/:_-]{1,100}$/, { message: 'must be a nextCursor of an earlier page' })
    .optional(),
  type: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')).filter((item) => item !== ''))
    .pipe(z.array(eventType))
    .optional(),
});
