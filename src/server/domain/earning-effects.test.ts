import { describe, expect, it } from 'vitest';
import type { Effect } from '../../contract/earning-rule';
import { effectExpiration, effectPoints } from './earning-effects';

const card = 'lcdef_0a1b2c';
const fixed = (value: number): Effect => ({ type: 'POINTS', points: { value, card_definition_id: card } });
const perEvent = (every: number, value: number, property = 'amount'): Effect => ({
  type: 'POINTS_PROPORTIONAL',
  points_proportional: { calculation_type: 'CUSTOM_EVENT_METADATA_VALUE', card_definition_id: card, custom_event: { metadata: { every, value, property } } },
});
const perCustomer = (every: number, value: number, property = 'visits'): Effect => ({
  type: 'POINTS_PROPORTIONAL',
  points_proportional: { calculation_type: 'CUSTOMER_METADATA_VALUE', card_definition_id: card, customer: { metadata: { every, value, property } } },
});

describe('effectPoints', () => {
  it.each<[string, Effect, Record<string, unknown>, Record<string, unknown>, number]>([
    ['fixed points', fixed(10), {}, {}, 10],
    ['fixed zero', fixed(0), {}, {}, 0],
    ['2 per 10 of amount 35', perEvent(10, 2), { amount: 35 }, {}, 6],
    ['2 per 10 of amount 9.99', perEvent(10, 2), { amount: 9.99 }, {}, 0],
    ['2 per 10 of amount exactly 10', perEvent(10, 2), { amount: 10 }, {}, 2],
    ['numeric string amount', perEvent(10, 2), { amount: '40' }, {}, 8],
    ['missing property', perEvent(10, 2), {}, {}, 0],
    ['non-numeric property', perEvent(10, 2), { amount: 'lots' }, {}, 0],
    ['negative amount earns nothing', perEvent(10, 2), { amount: -50 }, {}, 0],
    ['fractional value floors the product', perEvent(1, 1.5), { amount: 3 }, {}, 4],
    ['customer metadata', perCustomer(10, 1), {}, { visits: 42 }, 4],
    ['customer metadata is not event metadata', perCustomer(10, 1), { visits: 42 }, {}, 0],
    ['benefit earns no points', { type: 'BENEFIT', benefit: { id: 'lben_1' } }, {}, {}, 0],
  ])('%s', (_name, effect, eventMetadata, customerMetadata, expected) => {
    expect(effectPoints(effect, { eventMetadata, customerMetadata })).toBe(expected);
  });

  it('reads the expiration of either effect type', () => {
    expect(effectExpiration({ type: 'POINTS', points: { value: 1, card_definition_id: card, points_expiration: { type: 'NO_EXPIRATION' } } })).toEqual({ type: 'NO_EXPIRATION' });
    expect(effectExpiration(perEvent(1, 1))).toBeNull();
  });
});
