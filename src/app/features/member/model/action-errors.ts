import type { ErrorObject } from '../../../../contract/error';
import { sayApiError } from '../../../lib/api-error-words';
import { placeValidationDetails } from '../../../lib/place-validation-details';

export type AdjustField = 'points' | 'reason' | 'expiresOn' | 'form';

/** The request fields of Add or Remove Balance, by the form field that sets them. */
const adjustFieldOf: Record<string, AdjustField> = { points: 'points', reason: 'reason', expiration_date: 'expiresOn', expiration_type: 'expiresOn' };

/**
 * An API error of the points adjustment, placed beside the field it concerns and said the way a
 * support agent would read it (validation details through the shared parser and wording). Errors
 * no field owns go to the form as a whole.
 */
export function placeAdjustError(error: ErrorObject): { field: AdjustField; text: string } {
  if (error.key === 'invalid_expiration_date') return { field: 'expiresOn', text: 'The expiry date is in the past. Pick today or a later day.' };
  if (error.key === 'loyalty_card_points_exceeded') return { field: 'points', text: 'The card does not have that many points to remove.' };
  const placed = placeValidationDetails(error, (path) => adjustFieldOf[path[0] ?? ''] ?? null);
  if (placed && placed.length > 0) return { field: placed[0].target, text: placed.filter((p) => p.target === placed[0].target).map((p) => p.text).join(' ') };
  if (error.code === 404) return { field: 'form', text: 'This card no longer exists. Reload the page.' };
  if (error.code === 403) return { field: 'form', text: 'Your role may not change points.' };
  return { field: 'form', text: sayApiError(error) };
}

/** A redemption's API error, as words for the confirmation dialog. */
export function redeemErrorText(error: ErrorObject): string {
  switch (error.key) {
    case 'loyalty_card_points_exceeded':
      return 'The card no longer has enough points for this reward.';
    case 'quantity_exceeded':
      return 'This reward is out of stock.';
    case 'voucher_disabled':
      return 'This card is switched off, so it cannot pay for rewards.';
    case 'voucher_not_active':
      return 'This card is not active yet.';
    case 'voucher_expired':
      return 'This card has expired.';
    default:
      if (error.code === 404) return 'This reward is no longer offered by the card’s program. Close this and pick another.';
      return sayApiError(error);
  }
}

/** Activating or cancelling pending points went wrong: what happened, in words for the member page. */
export function pendingPointsErrorText(error: ErrorObject, action: 'activate' | 'cancel'): string {
  if (error.code === 404) return 'These points are no longer pending: they were activated or cancelled meanwhile. The list is refreshed.';
  if (error.code === 403) return `Your role may not ${action} pending points.`;
  if (error.key === 'voucher_disabled') return 'This card is switched off, so its pending points cannot be activated.';
  return sayApiError(error);
}
