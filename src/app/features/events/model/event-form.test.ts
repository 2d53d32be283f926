import { describe, expect, it } from 'vitest';
import type { EventSchema } from '../../../../contract/event';
import { emptyEventForm, eventFormSchema, parseMetadataValue } from './event-form';

const schema: EventSchema = {
  id: 'ms_1',
  name: 'store_visit',
  properties: {
    store_id: { type: 'string', required: true },
    amount: { type: 'number', required: false },
    first_visit: { type: 'boolean', required: false },
    at: { type: 'datetime', required: false },
    extra: { type: 'object', required: false },
  },
};

describe('parseMetadataValue', () => {
  it.each([
    ['number', '35', { value: 35 }],
    ['number', '3.5', { value: 3.5 }],
    ['number', 'lots', { error: 'Enter a number' }],
    ['boolean', 'false', { value: false }],
    ['date', '2026-11-21', { value: '2026-11-21' }],
    ['datetime', '2026-11-21T10:30', { value: '2026-11-21T10:30:00.000Z' }],
    ['object', '{"a":1}', { value: { a: 1 } }],
    ['object', '[1]', { error: 'Enter a JSON object, e.g. {"key": "value"}' }],
    ['string', '  ', null],
  ] as const)('%s %j', (type, raw, expected) => {
    expect(parseMetadataValue(type, raw)).toEqual(expected);
  });
});

describe('eventFormSchema', () => {
  const form = eventFormSchema(schema);
  it('builds the request body with typed metadata, leaving empty fields out', () => {
    const parsed = form.parse({ ...emptyEventForm, event: 'store_visit', metadata: ['ams-1', '35', 'true', '', ''], customer: 'alice', loyaltyCode: 'CARD-1' });
    expect(parsed).toEqual({ event: 'store_visit', customer: { source_id: 'alice' }, loyalty: { code: 'CARD-1' }, metadata: { store_id: 'ams-1', amount: 35, first_visit: true } });
  });

  it('names the fields that are wrong', () => {
    const result = form.safeParse({ ...emptyEventForm, event: 'store_visit', metadata: ['', 'x'], identifyBy: 'id', customer: 'alice', referrerId: 'cust_1' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['customer', 'referralCode', 'metadata.0', 'metadata.1']);
  });
});
