import type { ErrorObject } from '../../../../contract/error';

export type EventField = 'event' | 'customer' | 'loyaltyCode' | 'referralCode' | `metadata.${number}`;

/**
 * Which form field an API error concerns, so its message shows next to that field (DESIGN §6).
 * The service joins several validation problems with '; '. Unplaced errors return [].
 */
export function placeEventError(error: ErrorObject, propertyNames: string[]): { field: EventField; text: string }[] {
  if (error.resource_type === 'customer') return [{ field: 'customer', text: error.details ?? error.message }];
  if (error.resource_type === 'voucher' || error.key === 'loyalty_card_not_held_by_customer') return [{ field: 'loyaltyCode', text: error.details ?? error.message }];
  if (error.key !== 'invalid_payload' || !error.details) return [];
  const placed: { field: EventField; text: string }[] = [];
  for (const detail of error.details.split('; ')) {
    const required = /^Property \.metadata should have required property '(.+)'$/.exec(detail);
    const typed = /^Property \.metadata\.([^:]+):/.exec(detail);
    const metadataName = required?.[1] ?? typed?.[1];
    if (metadataName !== undefined) {
      const index = propertyNames.indexOf(metadataName);
      if (index >= 0) placed.push({ field: `metadata.${index}`, text: detail });
      continue;
    }
    if (/\.customer\b|'customer'/.test(detail)) placed.push({ field: 'customer', text: detail });
    else if (/\.loyalty\b|'loyalty'/.test(detail)) placed.push({ field: 'loyaltyCode', text: detail });
    else if (/\.referral\b|'referral'/.test(detail)) placed.push({ field: 'referralCode', text: detail });
    else if (/\.event\b|'event'/.test(detail)) placed.push({ field: 'event', text: detail });
  }
  return placed;
}
