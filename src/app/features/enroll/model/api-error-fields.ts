import type { ErrorObject } from '../../../../contract/error';
import { fieldOfRequestPath, type EnrollField } from './enroll-form-schema';

/** Where an Add Member error is shown: next to a form field, next to the program select. */
export type ApiErrorTarget = EnrollField | 'program';

export interface PlacedApiError {
  target: ApiErrorTarget;
  /** The API's message and details, as shown next to the field. */
  text: string;
}

const cardCodeKeys = new Set(['voucher_already_published', 'voucher_disabled', 'voucher_expired', 'voucher_not_active']);

/** "Duplicate source_id: Publication with …"; a message that ends a sentence is followed by a space. */
function joined(message: string, details: string | undefined): string {
  if (!details) return message;
  return /[.!?]$/.test(message) ? `${message} ${details}` : `${message}: ${details}`;
}

/**
 * The property path one validation detail names, in the service's words (src/server/http/validation-details.ts):
 * "Property .customer.email: …" → customer.email; "Property .customer should have required property 'id'" →
 * customer.id; "Payload should have required property 'customer'" → customer. Null when none.
 */
export function propertyPathOfDetail(detail: string): string[] | null {
  const required = /should (?:have required|not have additional) property '([^']+)'/.exec(detail);
  const property = /^Property \.([^\s:]+)/.exec(detail);
  const parent = property ? property[1].split(/[.[\]]+/).filter(Boolean) : [];
  if (required) return [...parent, required[1]];
  if (property) return parent;
  return null;
}

/**
 * Places an Add Member error next to the field it concerns (DESIGN §6). An empty list means
 * no field fits: the form shows the error at its top.
 */
export function placeApiError(error: ErrorObject): PlacedApiError[] {
  const text = joined(error.message, error.details);
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
  if (key === 'invalid_payload' && error.details) {
    const placed: PlacedApiError[] = [];
    for (const detail of error.details.split('; ')) {
      const path = propertyPathOfDetail(detail);
      const field = path && fieldOfRequestPath(path);
      // One unplaceable detail sends the whole error to the top, so nothing is left unshown.
      if (!field) return [];
      placed.push({ target: field, text: joined(error.message, detail) });
    }
    return placed;
  }
  return [];
}
