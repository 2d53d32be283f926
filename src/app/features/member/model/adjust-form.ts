import { z } from 'zod';
import type { BalanceUpdateRequest } from '../../../../contract/loyalty-balance';

/** The adjust-points form, in a support agent's terms: a direction, a positive amount, why, and maybe an expiry. */
export const adjustFormSchema = z.object({
  direction: z.enum(['add', 'remove']),
  points: z
    .string()
    .trim()
    .min(1, 'Enter how many points')
    .regex(/^\d+$/, 'Enter a whole number of points, like 50')
    .refine((value) => Number(value) > 0, 'Enter a number of points above 0')
    .refine((value) => Number(value) <= 1_000_000_000_000, 'That is more points than a card can hold'),
  reason: z.string().trim().min(1, 'Say why, e.g. "Missing points for order 1234"').max(1000, 'Keep the reason under 1,000 characters'),
  /** `YYYY-MM-DD` from the date field, or empty: the program's own expiry rules apply. */
  expiresOn: z.string(),
});
export type AdjustFormValues = z.infer<typeof adjustFormSchema>;

export const emptyAdjustForm: AdjustFormValues = { direction: 'add', points: '', reason: '', expiresOn: '' };

/** The balance request: removals are negative and carry no expiry (the service takes the soonest-expiring points). */
export function adjustRequest(values: AdjustFormValues): BalanceUpdateRequest {
  const points = Number(values.points);
  if (values.direction === 'remove') return { points: -points, reason: values.reason.trim() };
  const request: BalanceUpdateRequest = { points, reason: values.reason.trim() };
  if (values.expiresOn) Object.assign(request, { expiration_type: 'CUSTOM_DATE', expiration_date: values.expiresOn });
  return request;
}

/** An addition above this many points asks for confirmation, as every removal does: a typo of one zero too many is costly. */
export const largeAdditionThreshold = 1_000;

/** Whether the change asks "are you sure?" before it is sent. */
export function needsConfirmation(values: Pick<AdjustFormValues, 'direction' | 'points'>): boolean {
  return values.direction === 'remove' || Number(values.points) > largeAdditionThreshold;
}
