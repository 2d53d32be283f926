import { z } from 'zod';
import type { EventPropertyType, EventSchema, TrackEventRequest } from '../../../../contract/event';

export type IdentifyBy = 'source_id' | 'id';

/**
 * What the form holds: every input as text ('' = not sent). Metadata values are indexed by the
 * property's position in the schema (names may contain dots, which form paths would split).
 */
export interface EventFormValues {
  event: string;
  metadata: string[];
  identifyBy: IdentifyBy;
  customer: string;
  loyaltyCode: string;
  referralCode: string;
  referrerId: string;
}

export const emptyEventForm: EventFormValues = { event: '', metadata: [], identifyBy: 'source_id', customer: '', loyaltyCode: '', referralCode: '', referrerId: '' };

export type PropertyEntry = [name: string, definition: EventSchema['properties'][string]];

export function propertiesOf(schema: EventSchema | undefined): PropertyEntry[] {
  return Object.entries(schema?.properties ?? {});
}

type Parsed = { value: unknown } | { error: string } | null;

/** One metadata input as the typed value the schema asks for; null when left empty. */
export function parseMetadataValue(type: EventPropertyType, raw: string): Parsed {
  const text = raw.trim();
  if (text === '') return null;
  switch (type) {
    case 'string':
      return { value: raw };
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? { value: n } : { error: 'Enter a number' };
    }
    case 'boolean':
      return text === 'true' ? { value: true } : text === 'false' ? { value: false } : { error: 'Choose true or false' };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { value: text } : { error: 'Enter a date' };
    case 'datetime':
      // datetime-local inputs carry no zone: the form says they are UTC.
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? { value: new Date(`${text}Z`).toISOString() } : { error: 'Enter a date and time' };
    case 'object': {
      try {
        const value = JSON.parse(text) as unknown;
        return value !== null && typeof value === 'object' && !Array.isArray(value) ? { value } : { error: 'Enter a JSON object, e.g. {"key": "value"}' };
      } catch {
        return { error: 'Enter a JSON object, e.g. {"key": "value"}' };
      }
    }
  }
}

/** The form's rules for the chosen event, turning valid input into the POST /v1/events body. */
export function eventFormSchema(schema: EventSchema | undefined) {
  const properties = propertiesOf(schema);
  return z
    .object({
      event: z.string().min(1, 'Choose the event to send'),
      metadata: z.array(z.string()),
      identifyBy: z.enum(['source_id', 'id']),
      customer: z.string().trim().min(1, 'Required: the customer the event is about'),
      loyaltyCode: z.string().trim(),
      referralCode: z.string().trim(),
      referrerId: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      if (v.identifyBy === 'id' && !v.customer.startsWith('cust_')) ctx.addIssue({ code: 'custom', path: ['customer'], message: 'A customer ID starts with cust_' });
      if (v.referrerId && !v.referralCode) ctx.addIssue({ code: 'custom', path: ['referralCode'], message: 'Give the referral code the referrer ID goes with' });
      properties.forEach(([name, definition], i) => {
        const parsed = parseMetadataValue(definition.type, v.metadata[i] ?? '');
        if (parsed === null && definition.required) ctx.addIssue({ code: 'custom', path: ['metadata', i], message: `Required by the ${v.event} schema` });
        if (parsed && 'error' in parsed) ctx.addIssue({ code: 'custom', path: ['metadata', i], message: `${parsed.error} (${name} is a ${definition.type})` });
      });
    })
    .transform((v): TrackEventRequest => {
      const metadata: Record<string, unknown> = {};
      properties.forEach(([name, definition], i) => {
        const parsed = parseMetadataValue(definition.type, v.metadata[i] ?? '');
        if (parsed && 'value' in parsed) metadata[name] = parsed.value;
      });
      return {
        event: v.event,
        customer: v.identifyBy === 'id' ? { id: v.customer } : { source_id: v.customer },
        ...(v.loyaltyCode && { loyalty: { code: v.loyaltyCode } }),
        ...(v.referralCode && { referral: { code: v.referralCode, ...(v.referrerId && { referrer_id: v.referrerId }) } }),
        metadata,
      };
    });
}
