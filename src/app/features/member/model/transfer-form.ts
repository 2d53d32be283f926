import { z } from 'zod';
import type { ErrorObject } from '../../../../contract/error';
import type { TransferPointsRequest } from '../../../../contract/points-transfer';
import { sayApiError } from '../../../lib/api-error-words';
import { placeValidationDetails } from '../../../lib/place-validation-details';

/**
 * Moving points to the card on screen from another card (Transfer Loyalty Points): one of the
 * customer's other cards, or any card given to a customer, typed by its code (the contract moves
 * points between any cards with holders, in any program). A reason is required, as for every
 * change a support agent makes by hand.
 */

/** The choice that reveals the code field. */
export const otherCard = 'other';

export const transferFormSchema = z
  .object({
    from: z.string(),
    otherCode: z.string(),
    points: z.string(),
    reason: z.string(),
  })
  .superRefine((form, ctx) => {
    const problem = (path: keyof typeof form, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.from === '') problem('from', 'Choose the card the points come from.');
    if (form.from === otherCard && form.otherCode.trim() === '') problem('otherCode', 'Enter the code of the card the points come from.');
    if (!/^\d{1,13}$/.test(form.points.trim()) || Number(form.points) < 1) problem('points', 'Enter a whole number of points, 1 or more.');
    if (form.reason.trim() === '') problem('reason', 'Say why, e.g. "Card lost, points moved to the new card"');
    else if (form.reason.length > 1000) problem('reason', 'Keep the reason under 1,000 characters');
  });
export type TransferForm = z.infer<typeof transferFormSchema>;
export type TransferField = 'from' | 'otherCode' | 'points' | 'reason';

export const emptyTransferForm: TransferForm = { from: '', otherCode: '', points: '', reason: '' };

export function sourceCode(form: TransferForm): string {
  return form.from === otherCard ? form.otherCode.trim() : form.from;
}

export function transferRequest(form: TransferForm): TransferPointsRequest {
  return [{ code: sourceCode(form), points: Number(form.points.trim()), reason: form.reason.trim() }];
}

/** A refusal beside its field, in a support agent's words. */
export function placeTransferError(error: ErrorObject, form: TransferForm): { field: TransferField | 'form'; text: string } {
  const codeField: TransferField = form.from === otherCard ? 'otherCode' : 'from';
  if (error.key === 'loyalty_card_points_exceeded') return { field: 'points', text: 'The card the points come from does not hold that many.' };
  if (error.key === 'missing_customer') return { field: codeField, text: 'That card is not given to a customer: points move only between customers’ cards.' };
  if (error.code === 404 && error.resource_type === 'voucher' && error.resource_id === sourceCode(form)) return { field: codeField, text: 'No card has this code.' };
  const placed = placeValidationDetails(error, (path) => (path[1] === 'points' ? 'points' : path[1] === 'reason' ? 'reason' : path[1] === 'code' ? codeField : null));
  if (placed && placed.length > 0) return { field: placed[0].target, text: placed[0].text };
  if (error.code === 403) return { field: 'form', text: 'Your role may not move points.' };
  return { field: 'form', text: sayApiError(error) };
}
