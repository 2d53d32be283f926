import type { ErrorObject } from '../../../../contract/error';
import { sayApiError } from '../../../lib/api-error-words';
import { placeValidationDetails } from '../../../lib/place-validation-details';
import type { PlacedError } from '../../../lib/use-form-api-error';
import { fieldOfRequestPath, type EnrollField } from './enroll-form-schema';

/** Where an Add Member error is shown: next to a form field, next to the program select. */
export type ApiErrorTarget = EnrollField | 'program';

const cardCodeKeys = new Set(['voucher_already_published', 'voucher_disabled', 'voucher_expired', 'voucher_not_active']);

/**
 * Places an Add Member error next to the field it concerns, in words a person uses. An empty
 * list means no field fits: the form shows the error at its top.
 */
export function placeApiError(error: ErrorObject): PlacedError<ApiErrorTarget>[] {
  const text = sayApiError(error);
  const key = error.key ?? '';

  if (key === 'not_found') {
    if (error.resource_type === 'voucher') return [{ target: 'voucher', text }];
    if (error.resource_type === 'customer') return [{ target: 'customer.identifier', text }];
    if (error.resource_type === 'campaign') return [{ target: 'program', text }];
    return [];
  }
  if (cardCodeKeys.has(key)) return [{ target: 'voucher', text }];
  if (key === 'voucher_cannot_be_published' || error.resource_type === 'customer') return [{ target: 'customer.identifier', text }];
  if (key === 'duplicate_source_id') return [{ target: 'publication.source_id', text }];
  return placeValidationDetails(error, fieldOfRequestPath) ?? [];
}

/** The customer a duplicate enrollment names (who already holds a card of the program), for a link to that card. */
export function customerAlreadyEnrolled(error: ErrorObject): string | null {
  return error.key === 'voucher_cannot_be_published' && error.resource_type === 'customer' && error.resource_id ? error.resource_id : null;
}
