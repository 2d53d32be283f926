import type { ErrorObject } from '../../../../contract/error';
import { sayApiError } from '../../../lib/api-error-words';
import { placeValidationDetails } from '../../../lib/place-validation-details';

/**
 * Which builder field a part of the v1 request comes from: for the contract's own complaints
 * (checked as the user types) and for the API's (`Property .0.loyalty.points: …`), so either shows
 * next to the field it concerns. Null: no field, the form shows it at its top.
 */
export function formFieldOfPath(path: readonly PropertyKey[]): string | null {
  const parts = path.map(String);
  // Create sends an array of one rule: its index leads the path.
  if (/^\d+$/.test(parts[0] ?? '')) parts.shift();
  const [head, ...rest] = parts;
  const last = parts[parts.length - 1];
  switch (head) {
    case 'event':
    case 'custom_event':
      return 'eventSchemaId';
    case 'segment':
      return 'segmentId';
    case 'source':
      return 'name';
    case 'loyalty':
      if (last === 'points' || last === 'every' || last === 'property') return last;
      if (last === 'id' || last === 'object') return 'productId';
      return 'effect';
    case 'pending_points':
      return 'pendingDays';
    case 'start_date':
      return 'startDate';
    case 'expiration_date':
      return 'endDate';
    case 'validity_day_of_week':
      return 'days';
    case 'validity_hours': {
      const index = rest[1];
      if (rest[0] !== 'daily' || index === undefined) return 'hours';
      const field = rest[2] === 'start_time' ? 'start' : rest[2] === 'expiration_time' ? 'end' : 'days';
      return `hours.${index}.${field}`;
    }
    case 'expiration_rules':
      if (last === 'period_value') return 'expiryMonths';
      if (last === 'rounding_value') return 'expiryRoundingMonth';
      if (last === 'fixed_day') return 'expiryDay';
      if (last === 'fixed_month') return 'expiryMonth';
      return 'expiry';
    case 'sliding_expiration':
      if (rest[0] === 'period') return last === 'unit' ? 'slideUnit' : 'slideValue';
      if (rest[0] === 'custom_activity_types' || last === 'custom_activity_types') return 'slideEvents';
      if (last === 'spending_activity') return 'slideSpending';
      if (last === 'custom_activity') return 'slideCustom';
      return 'slideEarning';
    case 'trigger_limits':
      return rest[0] === 'cooldown' ? 'cooldownValue' : 'frequencyMax';
    case 'metadata':
      return 'metadata';
    case 'active':
      return 'active';
    default:
      return null;
  }
}

export interface PlacedError {
  field: string;
  text: string;
}

/**
 * Places an API error beside the builder fields it concerns, in words a person uses. Empty when
 * one part fits no field: then the whole error is shown at the top of the form, so nothing goes unshown.
 */
export function placeRuleApiError(error: ErrorObject): PlacedError[] {
  if (error.key === 'not_found') {
    const field = error.resource_type === 'event_schema' ? 'eventSchemaId' : error.resource_type === 'segment' ? 'segmentId' : error.resource_type === 'campaign' ? 'programId' : null;
    return field ? [{ field, text: sayApiError(error) }] : [];
  }
  return (placeValidationDetails(error, formFieldOfPath) ?? []).map(({ target, text }) => ({ field: target, text }));
}
