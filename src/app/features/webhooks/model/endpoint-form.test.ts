import { describe, expect, it } from 'vitest';
import { webhookEventNames, webhookWriteRequestSchema } from '../../../../contract/webhook';
import { endpointFormSchema, formValuesOf, placeEndpointError, requestOf } from './endpoint-form';
import { choicesOf, eventGroups, eventLabel, eventsOf, eventsSummary, otherEventsOf } from './event-choices';

describe('webhook event choices', () => {
  it('stand only for event names the Management API takes, each name under one choice', () => {
    const names = eventGroups.flatMap((g) => g.choices.flatMap((c) => c.events));
    for (const name of names) expect(webhookEventNames).toContain(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('round-trip an endpoint\'s events, keeping the names no choice stands for', () => {
    const events = ['voucher.loyalty_card.points_added', 'customer.voucher.loyalty_card.points_added', 'customer.order.paid', 'campaign.created', 'customer.voucher.loyalty_card.points_expired'];
    // Only one of the two points-expired names: not the whole choice, so it is kept as it is.
    expect(choicesOf(events)).toEqual(['points-added', 'order-paid']);
    expect(otherEventsOf(events)).toEqual(['campaign.created']);
    expect(new Set(eventsOf(choicesOf(events), otherEventsOf(events)))).toEqual(new Set(['voucher.loyalty_card.points_added', 'customer.voucher.loyalty_card.points_added', 'customer.order.paid', 'campaign.created']));
  });

  it('say events in plain words', () => {
    expect(eventLabel('webhook.test')).toBe('Test webhook');
    expect(eventLabel('customer.order.paid')).toBe('Order paid');
    expect(eventLabel('voucher.loyalty_card.points_added')).toBe('Points earned or added (card)');
    expect(eventsSummary([])).toBe('No events chosen: nothing is sent');
    expect(eventsSummary(['customer.order.paid', 'customer.order.created', 'customer.custom_event'])).toBe('Order created, Order paid and 1 more');
  });
});

describe('webhook endpoint form', () => {
  it('makes a request the service\'s own schema takes, and reads an endpoint back', () => {
    const values = endpointFormSchema.parse({ targetUrl: ' https://hooks.example.com/in ', active: false, choices: ['order-paid'], kept: ['campaign.created'], headers: [{ name: 'X-Key', value: 'abc' }] });
    const request = requestOf(values);
    expect(webhookWriteRequestSchema.parse(request)).toEqual({ target_url: 'https://hooks.example.com/in', events: ['customer.order.paid', 'campaign.created'], active: false, headers: { 'X-Key': 'abc' } });
    const back = formValuesOf({ id: 'wh_1', object: 'webhook', created_at: '', target_url: request.target_url, events: request.events, active: false, headers: { 'X-Key': 'abc' }, failed_sendouts: 0 });
    expect(back).toEqual({ ...values, targetUrl: 'https://hooks.example.com/in' });
  });

  it('refuses what the service would, in plain words', () => {
    const bad = endpointFormSchema.safeParse({ targetUrl: 'ftp://x', active: true, choices: [], kept: [], headers: [{ name: 'Bad Name', value: '' }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['targetUrl', 'Enter a full address starting with https:// (or http://).'],
      ['headers.0.name', 'Use letters, digits and - only, such as X-Api-Key.'],
    ]);
  });

  it('places the service\'s validation details beside the field they name', () => {
    const error = { code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .target_url: 127.0.0.1 is a loopback address', request_id: 'r' };
    expect(placeEndpointError(error)).toEqual([{ target: 'targetUrl', text: expect.stringContaining('loopback') }]);
    expect(placeEndpointError({ ...error, key: 'webhooks_limit_exceeded', details: 'A project can have at most 100 webhooks' })).toEqual([]);
  });
});
