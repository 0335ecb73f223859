import { z } from 'zod';
import { creditCount } from './audit-event-summary';

/** Most credits one adjustment may grant or take back (the server refuses more, too). */
export const MAX_CREDITS_PER_ADJUSTMENT = 100_000;
/** Longest reason the server stores. */
export const MAX_REASON_LENGTH = 500;

export interface CreditAdjustmentInput {
  credits: string;
  reason: string;
}

export interface CreditAdjustment {
  credits: number;
  reason: string;
}

export type CreditAdjustmentErrors = Partial<Record<keyof CreditAdjustmentInput, string>>;

const schema = z.object({
  credits: z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, { message: 'Enter a whole number of credits, e.g. 50 to grant or -20 to take back' })
    .transform(Number)
    .refine((credits) => credits !== 0, { message: 'Enter a number other than 0' })
    .refine((credits) => Math.abs(credits) <= MAX_CREDITS_PER_ADJUSTMENT, {
      message: `At most ${MAX_CREDITS_PER_ADJUSTMENT.toLocaleString('en-US')} credits per adjustment`,
    }),
  reason: z
    .string()
    .trim()
    .min(1, { message: 'Please give a reason' })
    .max(MAX_REASON_LENGTH, { message: `Keep the reason to ${MAX_REASON_LENGTH} characters` }),
});

export function parseCreditAdjustment(input: CreditAdjustmentInput): { ok: true; value: CreditAdjustment } | { ok: false; errors: CreditAdjustmentErrors } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: CreditAdjustmentErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof CreditAdjustmentInput;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export function adjustmentConfirmation(adjustment: CreditAdjustment, email: string | null, paidCreditsRemaining: number): string {
  const who = email ?? 'the user';
  const what = adjustment.credits > 0 ? `Granted ${creditCount(adjustment.credits)} to ${who}` : `Took back ${creditCount(-adjustment.credits)} from ${who}`;
  return `${what} (reason: ${adjustment.reason}). Purchased credits left: ${paidCreditsRemaining}.`;
}
