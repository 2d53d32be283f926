import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTransactionListSchema } from '../../../contract/card-transaction';
import { trackEventResponseSchema, trackedEventListSchema } from '../../../contract/event';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

const HOUR = 3_600_000;

describe.each(testDatabases())('Track Custom Event and the earning engine (%s)', (kind) => {
  let service: TestService;
  const track = (body: unknown) => service.call('POST', '/v1/events', { body });
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card;
  const transactions = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}/transactions?limit=100`)).body.data;

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
  });
  afterAll(() => service.close());

  it('event → accrual → card → transactions: proportional points with a rolling, rounded expiry', async () => {
    service.clock.set('2026-01-15T10:00:00.000Z');
    const res = await track({ event: 'store_visit', customer: { source_id: 'alice' }, loyalty: { code: 'FIX-ALICE' }, metadata: { store_id: 'ams-1', amount: 35 } });
    expect(res.status).toBe(200);
    expect(trackEventResponseSchema.parse(res.body)).toBeTruthy();
    expect(contractErrors('subset', '/v1/events', 'post', 200, res.body)).toEqual([]);
    expect(res.body).toMatchObject({ object: 'event', type: 'store_visit', referral: null, loyalty: null, metadata: { store_id: 'ams-1', amount: 35 } });
    expect(res.body.customer).toMatchObject({ id: service.project.ids.customers.get('alice'), source_id: 'alice', name: 'Alice', object: 'customer' });

    // floor(35 / 10) × 2 = 6 points; 15 Jan + 3 months = 15 Apr, rounded to the end of April.
    expect(await card('FIX-ALICE')).toMatchObject({ points: 6, balance: 6, next_expiration_date: '2026-04-30', next_expiration_points: 6, expired_points: 0 });

    const list = await service.call('GET', '/v1/loyalties/members/FIX-ALICE/transactions');
    expect(cardTransactionListSchema.parse(list.body)).toBeTruthy();
    expect(contractErrors('supporting', '/v1/loyalties/members/{memberId}/transactions', 'get', 200, list.body)).toEqual([]);
    const [accrual] = list.body.data;
    const ruleId = (await service.call('GET', '/v2/loyalties/earning-rules?limit=100')).body.data.find((r: { name: string }) => r.name === 'Spend points').id;
    expect(accrual).toMatchObject({
      type: 'POINTS_ACCRUAL',
      source: 'API',
      reason: "Earning rule 'Spend points' for custom event 'store_visit'",
      voucher_id: expect.stringMatching(/^v_/),
      details: {
        balance: { type: 'loyalty_card', total: 6, points: 6, balance: 6, object: 'balance' },
        event: { id: expect.stringMatching(/^evcus_/), type: 'customer.custom_event' },
        custom_event: { type: 'store_visit' },
        event_schema: { id: service.project.ids.eventSchemas.get('store_visit'), name: 'store_visit' },
        earning_rule: { id: ruleId, source: { banner: 'Spend points' } },
      },
    });

    const events = await service.call('GET', '/v1/events?customer=alice');
    expect(trackedEventListSchema.parse(events.body)).toBeTruthy();
    expect(events.body.events[0]).toMatchObject({ id: accrual.details.event.id, type: 'store_visit', loyalty: { code: 'FIX-ALICE' }, metadata: { amount: 35 } });
  });

  it('without a named card, every card of the customer in an assigned program earns', async () => {
    const before = [(await card('FIX-ALICE')).points, (await card('AUTO-ALICE')).points];
    const res = await track({ event: 'both_programs', customer: service.project.ids.customers.get('alice') });
    expect(res.status).toBe(200);
    expect([(await card('FIX-ALICE')).points, (await card('AUTO-ALICE')).points]).toEqual([before[0] + 3, before[1] + 3]);
    // A named card limits the accrual to that card.
    await track({ event: 'both_programs', customer: 'alice', loyalty: { code: 'AUTO-ALICE' } });
    expect([(await card('FIX-ALICE')).points, (await card('AUTO-ALICE')).points]).toEqual([before[0] + 3, before[1] + 6]);
  });

  it('earns only when the earning rules hold (event and customer metadata)', async () => {
    const points = async () => (await card('FIX-ALICE')).points;
    const start = await points();
    await track({ event: 'app_review', customer: 'alice', metadata: { rating: 0 } });
    expect(await points()).toBe(start);
    await track({ event: 'app_review', customer: 'alice', metadata: { rating: 4 } });
    expect(await points()).toBe(start + 10);

    // Gold customers earn floor(visits / 10) × 1: Alice has 42 visits; Bob is silver.
    await track({ event: 'gold_only', customer: 'alice' });
    expect(await points()).toBe(start + 14);
    const bob = (await card('FIX-BOB')).points;
    await track({ event: 'gold_only', customer: 'bob' });
    expect((await card('FIX-BOB')).points).toBe(bob);
    // Profile fields sent with the event update the customer before the rules are evaluated.
    await track({ event: 'gold_only', customer: { source_id: 'bob', metadata: { tier: 'gold', visits: 20 } } });
    expect((await card('FIX-BOB')).points).toBe(bob + 2);
  });

  it('earns on a customer.segment rule only for members of the segment', async () => {
    const [alice, bob] = [(await card('FIX-ALICE')).points, (await card('FIX-BOB')).points];
    expect((await track({ event: 'vip_only', customer: 'alice' })).status).toBe(200);
    expect((await track({ event: 'vip_only', customer: 'bob' })).status).toBe(200);
    expect([(await card('FIX-ALICE')).points, (await card('FIX-BOB')).points]).toEqual([alice + 4, bob]);
  });

  it('a fixed cooldown blocks the rule on the card until it is over', async () => {
    service.clock.set('2026-02-02T08:00:00.000Z');
    const fire = () => track({ event: 'cooldown_ping', customer: 'bob' });
    const points = async () => (await card('FIX-BOB')).points;
    const start = await points();
    await fire();
    expect(await points()).toBe(start + 1);
    service.clock.advance(11 * HOUR + 59 * 60_000);
    await fire();
    expect(await points()).toBe(start + 1);
    service.clock.advance(60_000);
    await fire();
    expect(await points()).toBe(start + 2);
  });

  it('a frequency limit counts triggers in the current UTC day', async () => {
    service.clock.set('2026-02-03T22:00:00.000Z');
    const fire = () => track({ event: 'daily_ping', customer: 'bob' });
    const points = async () => (await card('FIX-BOB')).points;
    const start = await points();
    for (let i = 0; i < 4; i++) await fire();
    expect(await points()).toBe(start + 2);
    service.clock.set('2026-02-03T23:59:59.999Z');
    await fire();
    expect(await points()).toBe(start + 2);
    service.clock.set('2026-02-04T00:00:00.000Z');
    await fire();
    await fire();
    await fire();
    expect(await points()).toBe(start + 4);
  });

  it('validity hours (UTC weekdays 15:00–18:00) and start/end dates gate the rule', async () => {
    const fire = () => track({ event: 'happy_hour', customer: 'bob' });
    const points = async () => (await card('FIX-BOB')).points;
    const start = await points();
    service.clock.set('2026-02-07T16:00:00.000Z'); // Saturday
    await fire();
    service.clock.set('2026-02-06T14:59:00.000Z'); // Friday, before the window
    await fire();
    expect(await points()).toBe(start);
    service.clock.set('2026-02-06T15:00:00.000Z');
    await fire();
    expect(await points()).toBe(start + 5);
    service.clock.set('2027-02-05T16:00:00.000Z'); // a Friday after end_date
    await fire();
    expect(await points()).toBe(start + 5);
  });

  it('DRAFT, INACTIVE and unassigned rules never earn', async () => {
    const start = (await card('FIX-BOB')).points;
    expect((await track({ event: 'dormant', customer: 'bob' })).status).toBe(200);
    expect((await card('FIX-BOB')).points).toBe(start);
  });

  it('stores events without a schema, creates unknown source ids, 404s unknown customer ids', async () => {
    const created = await track({ event: 'something_else', customer: { source_id: 'newcomer', name: 'New Comer', email: 'new@example.com' }, referral: { code: 'REF-1', referrer_id: 'cust_x' } });
    expect(created.status).toBe(200);
    expect(created.body.customer).toMatchObject({ id: expect.stringMatching(/^cust_/), source_id: 'newcomer', name: 'New Comer', email: 'new@example.com' });
    const byId = await service.call('GET', `/v1/events?customer=${created.body.customer.id}`);
    expect(byId.body.events).toEqual([expect.objectContaining({ type: 'something_else', referral: { code: 'REF-1', referrer_id: 'cust_x' }, loyalty: null })]);

    const missing = await track({ event: 'app_review', customer: 'cust_nobody', metadata: { rating: 5 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer', resource_id: 'cust_nobody' });
    expect((await service.call('GET', '/v1/events?customer=nobody-at-all')).status).toBe(404);
  });

  it('rejects what the contract or the event schema forbids, naming the property', async () => {
    const cases: [unknown, RegExp][] = [
      [{ event: '', customer: 'alice' }, /\.event|event/],
      [{ event: 'x'.repeat(301), customer: 'alice' }, /event/],
      [{ customer: 'alice' }, /required property 'event'/],
      [{ event: 'app_review' }, /required property 'customer'/],
      [{ event: 'app_review', customer: 'alice', referral: {} }, /referral.*'code'|referral\.code/],
      [{ event: 'app_review', customer: 'alice', metadata: { rating: 'five' } }, /Property \.metadata\.rating: expected number/],
      [{ event: 'app_review', customer: 'alice', metadata: {} }, /Property \.metadata should have required property 'rating'/],
      [{ event: 'store_visit', customer: 'alice', metadata: { store_id: 7 } }, /Property \.metadata\.store_id: expected string/],
    ];
    for (const [body, details] of cases) {
      const res = await track(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.key).toBe('invalid_payload');
      expect(res.body.details).toMatch(details);
    }
    expect((await track({ event: 'x'.repeat(300), customer: 'alice' })).status).toBe(200);
  });

  it('a named card must exist and be held by the customer; nothing is stored otherwise', async () => {
    const eventsBefore = (await service.call('GET', '/v1/events?customer=bob&limit=100')).body.events.length;
    const unknown = await track({ event: 'app_review', customer: 'bob', loyalty: { code: 'NOPE' }, metadata: { rating: 5 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE' });
    const foreign = await track({ event: 'app_review', customer: 'bob', loyalty: { code: 'FIX-ALICE' }, metadata: { rating: 5 } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.key).toBe('loyalty_card_not_held_by_customer');
    expect((await service.call('GET', '/v1/events?customer=bob&limit=100')).body.events.length).toBe(eventsBefore);
  });

  it('refuses an event whose metadata would earn more points than a card takes, naming the property, on both paths (issue 35, fault 1)', async () => {
    const before = await databaseChecksum(service.database);
    // With a named card (the transaction) and without (one statement); 1e19 once gave a 500 from a bigint overflow.
    for (const body of [
      { event: 'store_visit', customer: 'alice', metadata: { store_id: 's1', amount: 1e19 } },
      { event: 'store_visit', customer: 'alice', loyalty: { code: 'FIX-ALICE' }, metadata: { store_id: 's1', amount: 1e300 } },
      { event: 'store_visit', customer: { source_id: 'alice', name: 'Alice' }, metadata: { store_id: 's1', amount: 6e12 } },
    ]) {
      const res = await track(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ key: 'invalid_payload', details: expect.stringContaining('Property .metadata.amount') });
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('pages a customer’s events newest first', async () => {
    for (let i = 0; i < 3; i++) {
      service.clock.advance(1000);
      await track({ event: 'page_me', customer: 'pager', metadata: { i } });
    }
    const first = await service.call('GET', '/v1/events?customer=pager&limit=2');
    expect(first.body.events.map((e: { metadata: { i: number } }) => e.metadata.i)).toEqual([2, 1]);
    expect(first.body.has_more).toBe(true);
    const next = await service.call('GET', `/v1/events?customer=pager&limit=2&starting_after_id=${first.body.more_starting_after}`);
    expect(next.body.events.map((e: { metadata: { i: number } }) => e.metadata.i)).toEqual([0]);
    expect(next.body.has_more).toBe(false);
  });

  it('keeps the ledger identity on every card it touched', async () => {
    for (const code of ['FIX-ALICE', 'AUTO-ALICE', 'FIX-BOB']) {
      const c = await card(code);
      expect(c.balance).toBe(c.points - c.expired_points - c.subtracted_points);
      const txs = await transactions(code);
      expect(txs[0].details.balance.balance).toBe(c.balance);
      expect(txs.reduce((sum: number, t: { details: { balance: { points: number } } }) => sum + t.details.balance.points, 0)).toBe(c.balance);
    }
  });
});
