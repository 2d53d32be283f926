import { z } from 'zod';
import { limitQuery, maxPoints, metadataInputSchema, metadataSchema, pageQuery } from './common';
import { v1EarningRuleSchema } from './earning-rule-v1';
import { rewardAssignmentSchema } from './reward-assignment';
import { rewardSchema } from './reward';

/**
 * Loyalty tiers (openapi-loyalty-rest: LoyaltyTier, LoyaltyTiersExpirationAll, MappingPoints) and
 * the campaign's `loyalty_tiers_expiration`. Where the contract is silent, the real product's
 * documentation decides (README, "Loyalty tiers").
 */

const periods = ['MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR'] as const;
const durationPattern = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?!$)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** Roughly how many days an ISO-8601 duration of the pattern above lasts: it must be more than none and at most 100 years. */
function durationDays(text: string): number {
  const [y, mo, w, d, h, mi, s] = (durationPattern.exec(text) ?? []).slice(1).map((part) => Number(part ?? 0));
  return y * 366 + mo * 31 + w * 7 + d + (h + mi / 60 + s / 3600) / 24;
}

export const tierRoundingSchema = z.strictObject({
  type: z.enum([...periods, 'CUSTOM']),
  strategy: z.enum(['START', 'END']).default('END'),
  unit: z.literal('MONTH').nullable().optional(),
  value: z.number().int().min(0).max(11).nullable().optional(),
});

/**
 * How members qualify for a program's tiers and when a tier ends. Combinations without a meaning
 * are refused by field: a period start or end needs a qualification period (POINTS_IN_PERIOD), a
 * tier that starts next period ends with a period, CUSTOM needs `extend`.
 */
export const loyaltyTiersExpirationSchema = z
  .strictObject({
    qualification_type: z.enum(['BALANCE', 'POINTS_IN_PERIOD']),
    qualification_period: z.enum(periods).nullable().optional(),
    start_date: z.strictObject({ type: z.enum(['IMMEDIATE', 'NEXT_PERIOD']) }).nullable().optional(),
    expiration_date: z
      .strictObject({
        type: z.enum(['END_OF_PERIOD', 'END_OF_NEXT_PERIOD', 'BALANCE_DROP', 'CUSTOM']),
        extend: z.string().regex(durationPattern, 'must be an ISO-8601 duration of whole units (P3M, P1Y, P30D, P2W, PT12H)').nullable().optional(),
        rounding: tierRoundingSchema.nullable().optional(),
      })
      .nullable()
      .optional(),
  })
  .superRefine((value, ctx) => {
    const inPeriod = value.qualification_type === 'POINTS_IN_PERIOD';
    const start = value.start_date?.type ?? 'IMMEDIATE';
    const end = value.expiration_date?.type ?? 'BALANCE_DROP';
    if (inPeriod && !value.qualification_period) ctx.addIssue({ code: 'custom', path: ['qualification_period'], message: 'is required with qualification_type POINTS_IN_PERIOD' });
    if (!inPeriod && value.qualification_period) ctx.addIssue({ code: 'custom', path: ['qualification_period'], message: 'applies only to qualification_type POINTS_IN_PERIOD' });
    if (!inPeriod && start === 'NEXT_PERIOD') ctx.addIssue({ code: 'custom', path: ['start_date', 'type'], message: 'NEXT_PERIOD needs qualification_type POINTS_IN_PERIOD (a period to start)' });
    if (!inPeriod && (end === 'END_OF_PERIOD' || end === 'END_OF_NEXT_PERIOD')) ctx.addIssue({ code: 'custom', path: ['expiration_date', 'type'], message: `${end} needs qualification_type POINTS_IN_PERIOD (a period to end)` });
    if (start === 'NEXT_PERIOD' && (end === 'BALANCE_DROP' || end === 'CUSTOM')) ctx.addIssue({ code: 'custom', path: ['expiration_date', 'type'], message: `a tier that starts with the next period ends with a period (END_OF_PERIOD or END_OF_NEXT_PERIOD), not ${end}` });
    const expiration = value.expiration_date;
    if (end === 'CUSTOM' && !expiration?.extend) ctx.addIssue({ code: 'custom', path: ['expiration_date', 'extend'], message: 'is required with expiration_date.type CUSTOM' });
    if (end !== 'CUSTOM' && (expiration?.extend || expiration?.rounding)) ctx.addIssue({ code: 'custom', path: ['expiration_date', expiration?.extend ? 'extend' : 'rounding'], message: 'applies only to expiration_date.type CUSTOM' });
    if (expiration?.extend && durationPattern.test(expiration.extend)) {
      const days = durationDays(expiration.extend);
      if (days === 0 || days > 100 * 366) ctx.addIssue({ code: 'custom', path: ['expiration_date', 'extend'], message: days === 0 ? 'must be longer than nothing' : 'must be at most 100 years' });
    }
    const rounding = expiration?.rounding;
    if (rounding?.type === 'CUSTOM' && (rounding.value === null || rounding.value === undefined)) ctx.addIssue({ code: 'custom', path: ['expiration_date', 'rounding', 'value'], message: 'is required with rounding type CUSTOM (the month, 0 = January)' });
    if (rounding && rounding.type !== 'CUSTOM' && rounding.value !== null && rounding.value !== undefined) ctx.addIssue({ code: 'custom', path: ['expiration_date', 'rounding', 'value'], message: 'applies only to rounding type CUSTOM' });
  });
export type LoyaltyTiersExpiration = z.infer<typeof loyaltyTiersExpirationSchema>;

/** MappingPoints: MULTIPLY by a factor above 0, or CUSTOM points instead of the rule's or reward's. */
export const tierMappingSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('MULTIPLY'), multiplier: z.number().positive('must be greater than 0').max(1000) }),
  z.strictObject({ type: z.literal('CUSTOM'), points: z.number().int().min(0).max(maxPoints) }),
]);
export type TierMapping = z.infer<typeof tierMappingSchema>;

const pointsValue = z.number().int().min(0).max(maxPoints);

export const createLoyaltyTierSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    earning_rules: z.record(z.string(), tierMappingSchema).nullable().optional(),
    rewards: z.record(z.string(), tierMappingSchema).nullable().optional(),
    points: z.strictObject({ from: pointsValue, to: pointsValue.nullable().optional() }),
    metadata: metadataInputSchema.optional(),
  })
  .refine((tier) => tier.points.to === null || tier.points.to === undefined || tier.points.to >= tier.points.from, { path: ['points', 'to'], message: 'must be at least points.from' });
export type CreateLoyaltyTier = z.infer<typeof createLoyaltyTierSchema>;

/** How many tiers one program may have: the real dashboard offers a handful; 100 keeps every list one page. */
export const tiersPerProgram = 100;
export const createLoyaltyTiersSchema = z.array(createLoyaltyTierSchema).min(1).max(tiersPerProgram);

const pointsRange = z.object({ from: z.number().int(), to: z.number().int().optional() });

export const loyaltyTierExpirationSchema = z.object({
  customer_id: z.string().nullable(),
  campaign_id: z.string(),
  tier_id: z.string(),
  start_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

export const loyaltyTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  campaign_id: z.string(),
  metadata: metadataSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
  earning_rules: z.record(z.string(), tierMappingSchema),
  rewards: z.record(z.string(), tierMappingSchema),
  config: z.object({ points: pointsRange }),
  points: pointsRange,
  expiration: loyaltyTierExpirationSchema.optional(),
  object: z.literal('loyalty_tier'),
});
export type LoyaltyTier = z.infer<typeof loyaltyTierSchema>;

export const loyaltyTierListSchema = z.object({ object: z.literal('list'), data_ref: z.literal('data'), data: z.array(loyaltyTierSchema), total: z.number().int() });
export type LoyaltyTierList = z.infer<typeof loyaltyTierListSchema>;

/** The contract takes `limit` and `order` only: a program has at most 100 tiers, one page. */
export const loyaltyTierListQuerySchema = z.object({
  limit: limitQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).optional(),
});

export const loyaltyTierPageQuerySchema = z.object({ limit: limitQuery, page: pageQuery });

export const loyaltyTierEarningRuleListSchema = z.object({ object: z.literal('list'), data_ref: z.literal('data'), data: z.array(v1EarningRuleSchema), total: z.number().int() });
export type LoyaltyTierEarningRuleList = z.infer<typeof loyaltyTierEarningRuleListSchema>;

export const loyaltyTierRewardSchema = z.object({ reward: rewardSchema, assignment: rewardAssignmentSchema, object: z.literal('loyalty_tier_reward') });
export const loyaltyTierRewardListSchema = z.object({ object: z.literal('list'), data_ref: z.literal('data'), data: z.array(loyaltyTierRewardSchema), total: z.number().int() });
export type LoyaltyTierRewardList = z.infer<typeof loyaltyTierRewardListSchema>;

const tierChangeTypes = ['joined', 'upgraded', 'downgraded', 'prolonged', 'left', 'expiration.changed'] as const;
const tierName = z.object({ id: z.string(), name: z.string() });

/**
 * GET /v1/loyalties/members/{memberId}/tiers/progress (an extension: the real API shows progress
 * only in its own dashboard): the member's tier, the points the rules count now, the next tier and
 * what it still asks ("240 points to Gold by 31 Dec"), and the latest tier changes, newest first.
 * Dates are days (UTC); `period_end_date` is the last day the points count in.
 */
export const memberTierProgressSchema = z.object({
  object: z.literal('loyalty_tier_progress'),
  member_id: z.string(),
  campaign_id: z.string(),
  has_tiers: z.boolean(),
  qualification: z.object({
    type: z.enum(['BALANCE', 'POINTS_IN_PERIOD']),
    period: z.enum(periods).nullable(),
    period_end_date: z.string().nullable(),
    start: z.enum(['IMMEDIATE', 'NEXT_PERIOD']),
  }),
  qualifying_points: z.number().int(),
  tier: tierName.extend({ start_date: z.string().nullable(), expiration_date: z.string().nullable() }).nullable(),
  reached_tier: tierName.nullable(),
  next_tier: tierName.extend({ points_from: z.number().int() }).nullable(),
  points_to_next_tier: z.number().int().nullable(),
  history: z.array(
    z.object({
      type: z.enum(tierChangeTypes),
      tier_from: tierName.nullable(),
      tier_to: tierName.nullable(),
      created_at: z.string(),
      expiration_date: z.string().nullable(),
    }),
  ),
});
export type MemberTierProgress = z.infer<typeof memberTierProgressSchema>;
/** How many of the latest tier changes the progress carries. */
export const tierHistoryLength = 20;
