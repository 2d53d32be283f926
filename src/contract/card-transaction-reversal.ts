import { z } from 'zod';

/**
 * POST /v1/loyalties/members/{memberId}/transactions/{transactionId}/reversal (an extension):
 * undoes a points addition or removal made by hand, with the reason a support agent gives.
 */
export const reverseTransactionRequestSchema = z
  .object({
    /** Why: required, so the ledger always says why a change was undone. */
    reason: z.string().trim().min(1).max(1000),
  })
  .strict();
export type ReverseTransactionRequest = z.infer<typeof reverseTransactionRequestSchema>;
