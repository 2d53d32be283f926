import type { ErrorObject } from '../../contract/error';
import { errorKeyWords, isKnownErrorKey } from '../../contract/error-keys';
import { sayValidationDetails } from '../../contract/validation-wording';

const things: Record<string, string> = {
  voucher: 'card has this code',
  customer: 'customer has this ID or source ID',
  campaign: 'loyalty program has this ID',
  earning_rule: 'earning rule has this ID',
  export: 'export has this ID',
  segment: 'segment has this ID',
  location: 'location has this ID',
  reward: 'reward has this ID',
  product: 'product has this ID',
};

/**
 * What went wrong, in words a person uses (the catalogue of error keys, validation details in plain
 * words); the service's own `message`/`details` stay for a support ticket (`serviceWords`).
 */
export function sayApiError(error: ErrorObject): string {
  // The proxy words a lock-out for people already, with how long it lasts.
  if (error.key === 'account_locked' && error.details) return error.details;
  if (error.key === 'not_found' && error.resource_type) return `No ${things[error.resource_type] ?? `${error.resource_type.replace(/_/g, ' ')} with this ID exists`}.`;
  if ((error.key === 'invalid_payload' || error.key === 'invalid_query_params') && error.details) return sayValidationDetails(error.details);
  if (isKnownErrorKey(error.key)) return errorKeyWords[error.key];
  return serviceWords(error);
}

/** The service's own message and details, as it sent them. */
export function serviceWords(error: ErrorObject): string {
  return error.details ? `${error.message}: ${error.details}` : error.message;
}

/** What to quote to support: key, status and request id. */
export function technicalReference(error: ErrorObject): string {
  return [
    error.key && `Error key: ${error.key}`,
    error.code ? `HTTP ${error.code}` : undefined,
    error.request_id && `Request id: ${error.request_id}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
