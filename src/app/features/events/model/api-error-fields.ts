import type { ErrorObject } from '../../../../contract/error';
import { sayApiError } from '../../../lib/api-error-words';
import { placeValidationDetails } from '../../../lib/place-validation-details';
import type { PlacedError } from '../../../lib/use-form-api-error';

export type EventField = 'event' | 'customer' | 'loyaltyCode' | 'referralCode' | `metadata.${number}`;

/** The form field for a property path of the Track Event body; metadata by the index of its property in the form. */
function fieldOfEventPath([head, name]: string[], propertyNames: string[]): EventField | null {
  switch (head) {
    case 'event':
      return 'event';
    case 'customer':
      return 'customer';
    case 'loyalty':
      return 'loyaltyCode';
    case 'referral':
      return 'referralCode';
    case 'metadata': {
      const index = name === undefined ? -1 : propertyNames.indexOf(name);
      return index >= 0 ? `metadata.${index}` : null;
    }
    default:
      return null;
  }
}

/**
 * Which form field an API error concerns, so its message shows next to that field in words a
 * person uses. Unplaced errors return [] (the form shows them at its top).
 */
export function placeEventError(error: ErrorObject, propertyNames: string[]): PlacedError<EventField>[] {
  if (error.resource_type === 'customer') return [{ target: 'customer', text: sayApiError(error) }];
  if (error.resource_type === 'voucher' || error.key === 'loyalty_card_not_held_by_customer') return [{ target: 'loyaltyCode', text: sayApiError(error) }];
  return placeValidationDetails(error, (path) => fieldOfEventPath(path, propertyNames)) ?? [];
}
