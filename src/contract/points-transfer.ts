import { z } from 'zod';
import { maxPoints } from './common';
import { loyaltyMemberSchema } from './loyalty-member';

/**
 * POST /v1/loyalties/{campaignId}/members/{memberId}/transfers: points moved from other members'
 * cards to this one (openapi-loyalty-rest LoyaltiesMembersTransfersCreate*, LoyaltiesTransferPoints).
 */

/** How many cards one transfer may take points from: a bound the real API leaves open (README "Limits"). */
export const maxTransferSources = 100;

export const transferSourceSchema = z
  .object({
    /** The card the points come from. */
    code: z.string().min(1).max(200),
    points: z.number().int().min(1).max(maxPoints),
    reason: z.string().max(1000).nullable().optional(),
    source_id: z.string().min(1).max(200).nullable().optional(),
  })
  .strict();

export const transferPointsRequestSchema = z
  .array(transferSourceSchema)
  .min(1)
  .max(maxTransferSources)
  .superRefine((sources, ctx) => {
    const seen = new Set<string>();
    sources.forEach((source, index) => {
      if (seen.has(source.code)) ctx.addIssue({ code: 'custom', path: [index, 'code'], message: 'names a card already given above: give each card once, with all its points' });
      seen.add(source.code);
    });
  });
export type TransferPointsRequest = z.infer<typeof transferPointsRequestSchema>;

/** The card the points went to, after the transfer. */
export const transferPointsResponseSchema = loyaltyMemberSchema;
