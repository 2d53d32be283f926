import { z } from 'zod';
import { cancelPendingPointsRequestSchema } from '../../../../contract/pending-points';

/**
 * Cancelling pending points asks why: the reason is kept in the card's history. The contract takes
 * it as optional (up to 1,000 characters); the member page asks for it, as it does for adjustments.
 */
export const cancelPendingFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the points are cancelled, such as the returned order.')
    .max(1000, 'Use at most 1,000 characters.')
    .refine((reason) => cancelPendingPointsRequestSchema.safeParse({ reason }).success, 'This reason cannot be kept as it is.'),
});
export type CancelPendingFormValues = z.input<typeof cancelPendingFormSchema>;
