import type { ErrorObject } from '../../../../contract/error';
import { sayApiError } from '../../../lib/api-error-words';
import type { CardBy, ExportFormField } from './export-form';

/**
 * The form field an API error concerns, so it shows next to it; null when it is about the request
 * as a whole (shown above the form).
 */
export function fieldOfApiError(error: ErrorObject, cardBy: CardBy): ExportFormField | null {
  if (error.key === 'not_found' && error.resource_type === 'voucher') return cardBy === 'member' ? 'memberCode' : 'code';
  if (error.key === 'not_found' && error.resource_type === 'campaign') return 'programId';
  if (error.key === 'invalid_payload' && error.details) {
    if (error.details.includes('.parameters.fields')) return 'fields';
    if (error.details.includes('.parameters.filters.created_at')) return 'createdAfter';
  }
  return null;
}

/** The text to show at the field, in words a person uses. */
export function apiErrorText(error: ErrorObject): string {
  return sayApiError(error);
}
