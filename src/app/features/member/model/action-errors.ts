import type { ErrorObject } from '../../../../contract/error';

export type AdjustField = 'points' | 'reason' | 'expiresOn' | 'form';

/**
 * An API error of the points adjustment, placed beside the field it concerns and said the way a
 * support agent would read it. Errors no field owns go to the form as a whole.
 * (The polish branch adds a shared form-error helper; until it lands, the feature keeps its own.)
 */
export function placeAdjustError(error: ErrorObject): { field: AdjustField; text: string } {
  const details = error.details ?? '';
  if (error.key === 'invalid_expiration_date') return { field: 'expiresOn', text: 'The expiry date is in the past. Pick today or a later day.' };
  if (/\.expiration_date\b/.test(details)) return { field: 'expiresOn', text: 'This is not a date the service accepts. Pick a day from the calendar.' };
  if (/\.reason\b/.test(details)) return { field: 'reason', text: 'The reason is too long: keep it under 1,000 characters.' };
  if (error.key === 'loyalty_card_points_exceeded') return { field: 'points', text: 'The card does not have that many points to remove.' };
  if (/\.points\b/.test(details)) {
    if (/must not be 0/.test(details)) return { field: 'points', text: 'Enter a number of points other than 0.' };
    return { field: 'points', text: 'Enter a whole number of points (at most one trillion).' };
  }
  if (error.code === 404) return { field: 'form', text: 'This card no longer exists. Reload the page.' };
  if (error.code === 403) return { field: 'form', text: 'Your role may not change points.' };
  return { field: 'form', text: humanMessage(error) };
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
      return humanMessage(error);
  }
}

function humanMessage(error: ErrorObject): string {
  if (error.code === 0 || error.code >= 500) return 'The service could not be reached or failed. Try again in a moment.';
  return error.details ? `${error.message}. ${error.details}` : error.message;
}
