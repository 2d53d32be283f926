import { z } from 'zod';
import { maxPoints } from './common';

/**
 * POST /v1/loyalties/[{campaignId}/]members/{memberId}/balance: a support agent's or an
 * integration's correction of a card's points (openapi-spend LoyaltiesMembersBalanceUpdate*).
 */

export const pointsExpirationTypes = ['PROGRAM_RULES', 'CUSTOM_DATE', 'NON_EXPIRING'] as const;
export type PointsExpirationType = (typeof pointsExpirationTypes)[number];

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (the description and examples) or an ISO 8601 date-time (the schema's format). */
function isIsoDate(value: string): boolean {
  if (isoDay.test(value)) return !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  return z.iso.datetime({ offset: true }).safeParse(value).success;
}

export const balanceUpdateRequestSchema = z
  .object({
    /** Points to add (positive) or remove (negative). */
    points: z
      .number()
      .int()
      .min(-maxPoints)
      .max(maxPoints)
      .refine((p) => p !== 0, 'must not be 0: give the points to add, or a negative number to remove'),
    expiration_type: z.enum(pointsExpirationTypes).optional(),
    expiration_date: z.string().max(40).refine(isIsoDate, 'cannot be recognized as a ISO-8601 compliant date').optional(),
    reason: z.string().max(1000).optional(),
    source_id: z.string().min(1).max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.points < 0) {
      for (const field of ['expiration_type', 'expiration_date'] as const) {
        if (body[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'applies only to added points: removed points are taken from those that expire soonest' });
      }
      return;
    }
    if (body.expiration_type === 'CUSTOM_DATE' && body.expiration_date === undefined) {
      ctx.addIssue({ code: 'custom', path: ['expiration_date'], message: 'is required when expiration_type is CUSTOM_DATE' });
    }
    if (body.expiration_date !== undefined && body.expiration_type !== undefined && body.expiration_type !== 'CUSTOM_DATE') {
      ctx.addIssue({ code: 'custom', path: ['expiration_date'], message: `applies only to expiration_type CUSTOM_DATE, not ${body.expiration_type}` });
    }
  });
export type BalanceUpdateRequest = z.infer<typeof balanceUpdateRequestSchema>;

export const balanceUpdateResponseSchema = z.object({
  /** The signed change. */
  points: z.number().int(),
  /** Points earned over the card's life, after the change. */
  total: z.number().int(),
  /** The balance after the change. */
  balance: z.number().int().min(0),
  type: z.literal('loyalty_card'),
  object: z.literal('balance'),
  related_object: z.object({ type: z.literal('voucher'), id: z.string() }),
  operation_type: z.literal('MANUAL'),
});
export type BalanceUpdateResponse = z.infer<typeof balanceUpdateResponseSchema>;
