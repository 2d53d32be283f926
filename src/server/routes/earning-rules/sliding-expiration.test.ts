import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { slidingFixture, thirtyQuietDays } from '../../../../test/support/sliding-fixture';
import { slidingDaysOfCard } from '../../../../test/support/sliding-ledger';
import { expirePointsEverywhere } from '../../services/project-time';

const day = 86_400_000;

describe.each(testDatabases())('Sliding expiration (%s)', (kind) => {
  let service: TestService;
  const club = () => service.project.ids.campaigns.get('Slide Club') as string;
  const event = (customer: string, name: string) => service.call('POST', '/v1/events', { body: { event: name, customer: { source_id: customer } } });
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card as { balance: number; expired_points: number; next_expiration_date?: string; next_expiration_points?: number };
  const lastDays = async (code: string) => {
    const res = await service.call('GET', `/v1/loyalties/${club()}/members/${code}/points-expiration`);
    expect(res.status).toBe(200);
    expect(contractErrors('spend', '/v1/loyalties/{campaignId}/members/{memberId}/points-expiration', 'get', 200, res.body)).toEqual([]);
    return (res.body.data as { expires_at?: string; bucket: { total_points: number } }[]).map((b) => [b.expires_at, b.bucket.total_points]);
  };
  const redeem = (code: string) => service.call('POST', `/v1/loyalties/${club()}/members/${code}/redemption`, { body: { reward: { id: service.project.ids.rewards.get('Five') } } });
  const advanceDays = (days: number) => service.clock.advance(days * day);
  /** The stored last days are the pure function of the card's ledger and its holder's events. */
  const expectLedgerDays = async (code: string) => {
    const days = await slidingDaysOfCard(service.database, code);
    expect(days.length).toBeGreaterThan(0);
    for (const { stored, fromLedger } of days) expect(stored).toBe(fromLedger);
  };

  beforeAll(async () => {
    service = await startTestService(kind, slidingFixture(), undefined, { localControl: 'on' });
    service.clock.set('2026-03-01T10:00:00.000Z');
  });
  afterAll(() => service.close());

  it('earning, spending and the listed custom event each move the last day; other events do not; the hourly run keeps them', async () => {
    expect((await event('alice', 'visit')).status).toBe(200);
    expect(await lastDays('SLIDE-ALICE')).toEqual([['2026-03-31', 10]]);

    advanceDays(20); // 2026-03-21: earning moves every bucket of the card
    expect((await event('alice', 'visit')).status).toBe(200);
    expect(await lastDays('SLIDE-ALICE')).toEqual([['2026-04-20', 10], ['2026-04-20', 10]]);

    advanceDays(20); // 2026-04-10: spending (the redemption takes the oldest 5 first)
    expect((await redeem('SLIDE-ALICE')).status).toBe(200);
    expect(await lastDays('SLIDE-ALICE')).toEqual([['2026-05-10', 5], ['2026-05-10', 10]]);

    advanceDays(20); // 2026-04-30: an app_open, which earns nothing, is activity; another event is not
    expect((await event('alice', 'app_open')).status).toBe(200);
    expect((await event('alice', 'newsletter_read')).status).toBe(200);
    expect(await lastDays('SLIDE-ALICE')).toEqual([['2026-05-30', 5], ['2026-05-30', 10]]);

    advanceDays(29); // 2026-05-29: 29 days later, the hourly run finds nothing due
    expect((await expirePointsEverywhere(service.ctx)).points).toBe(0);
    expect(await card('SLIDE-ALICE')).toMatchObject({ balance: 15, expired_points: 0, next_expiration_date: '2026-05-30', next_expiration_points: 15 });
    await expectLedgerDays('SLIDE-ALICE');
  });

  it('inactivity longer than the period: the hourly run expires the points; activity after their last day does not bring them back', async () => {
    service.clock.set('2026-06-01T10:00:00.000Z');
    expect((await event('bob', 'visit')).status).toBe(200);
    expect((await event('bob', 'visit')).status).toBe(200);
    advanceDays(30); // 2026-07-01: the last day
    await expirePointsEverywhere(service.ctx);
    expect(await card('SLIDE-BOB')).toMatchObject({ balance: 20, expired_points: 0 });
    advanceDays(1); // 2026-07-02, before the hourly run: an app_open comes too late
    expect((await event('bob', 'app_open')).status).toBe(200);
    expect(await lastDays('SLIDE-BOB')).toEqual([['2026-07-01', 10], ['2026-07-01', 10]]);
    await expirePointsEverywhere(service.ctx);
    expect(await card('SLIDE-BOB')).toMatchObject({ balance: 0, expired_points: 20 });
    const [expiry] = (await service.call('GET', '/v1/loyalties/members/SLIDE-BOB/transactions?limit=1')).body.data;
    expect(expiry).toMatchObject({ type: 'POINTS_EXPIRATION', source: 'Automation', details: { points_expiration: { expiration_date: '2026-07-01', points: 20 } } });
    expect(await lastDays('SLIDE-BOB')).toEqual([]);
  });

  it('parallel events and redemptions on a card with sliding points all count: every point lands in a bucket, all on the same last day', async () => {
    service.clock.set('2026-08-01T10:00:00.000Z');
    expect((await event('carol', 'visit')).status).toBe(200);
    advanceDays(10);
    const answers = await Promise.all([...Array.from({ length: 12 }, (_, i) => event('carol', i % 3 === 0 ? 'app_open' : 'visit')), redeem('SLIDE-CAROL'), redeem('SLIDE-CAROL')]);
    expect(answers.map((a) => a.status).join()).toBe(answers.map(() => 200).join());
    expect(await card('SLIDE-CAROL')).toMatchObject({ balance: 80 });
    const days = await lastDays('SLIDE-CAROL');
    expect(days.reduce((sum, [, points]) => sum + Number(points), 0)).toBe(80);
    expect(new Set(days.map(([date]) => date))).toEqual(new Set(['2026-09-10']));
    await expectLedgerDays('SLIDE-CAROL');
  });

  it('an event read on a card before it held sliding points still moves them: the one-statement write finds the card slides under its lock', async () => {
    service.clock.set('2026-08-05T10:00:00.000Z');
    const created = await service.call('POST', `/v1/loyalties/${club()}/earning-rules`, {
      body: [{ event: 'order.paid', loyalty: { type: 'FIXED', points: 10 }, pending_points: { period_type: 'DAY', period_value: 1 }, sliding_expiration: { earning_activity: true, period: { unit: 'DAY', value: 30 } } }],
    });
    expect((await service.call('POST', '/v1/orders', { body: { customer: 'grace', status: 'PAID', amount: 500 } })).status).toBe(200);
    // This ping goes the one-statement way, and its context (a card without sliding points) is remembered.
    expect((await event('grace', 'ping')).status).toBe(200);
    advanceDays(1); // the hourly run activates the held points: the card now holds sliding points, its holder unchanged
    await expirePointsEverywhere(service.ctx);
    expect(await lastDays('SLIDE-GRACE')).toEqual([['2026-09-05', 10], ['2027-08-05', 1]]);
    advanceDays(10);
    expect((await event('grace', 'ping')).status).toBe(200);
    expect(await lastDays('SLIDE-GRACE')).toEqual([['2026-09-15', 10], ['2027-08-05', 1], ['2027-08-16', 1]]);
    await expectLedgerDays('SLIDE-GRACE');
    expect((await service.call('DELETE', `/v1/loyalties/${club()}/earning-rules/${created.body[0].id}`)).status).toBe(204);
  });

  it('an event whose name a rule came to count as activity after it was read moves sliding points: the one-statement write checks the names', async () => {
    service.clock.set('2026-08-10T10:00:00.000Z');
    // No rule counts knocks yet: this one goes the one-statement way, and its context is remembered.
    expect((await event('heidi', 'knock')).status).toBe(200);
    const created = await service.call('POST', `/v1/loyalties/${club()}/earning-rules`, {
      body: [{ event: 'order.paid', loyalty: { type: 'FIXED', points: 4 }, pending_points: { period_type: 'DAY', period_value: 1 }, sliding_expiration: { custom_activity: true, custom_activity_types: ['knock'], period: { unit: 'DAY', value: 10 } } }],
    });
    const heidi = service.project.ids.customers.get('heidi') as string;
    expect((await service.call('POST', '/v1/orders', { body: { customer_id: heidi, status: 'PAID', amount: 500 } })).status).toBe(200);
    advanceDays(1);
    await expirePointsEverywhere(service.ctx);
    expect(await lastDays('SLIDE-HEIDI')).toEqual([['2026-08-21', 4]]);
    advanceDays(5);
    expect((await event('heidi', 'knock')).status).toBe(200);
    expect(await lastDays('SLIDE-HEIDI')).toEqual([['2026-08-26', 4]]);
    await expectLedgerDays('SLIDE-HEIDI');
    expect((await service.call('DELETE', `/v1/loyalties/${club()}/earning-rules/${created.body[0].id}`)).status).toBe(204);
  });

  it('a paid order read on a card before it held sliding points moves them: the one-statement write locks the cards before the order goes in', async () => {
    service.clock.set('2026-08-12T10:00:00.000Z');
    const created = await service.call('POST', `/v1/loyalties/${club()}/earning-rules`, {
      body: [{ event: 'order.paid', loyalty: { type: 'FIXED', points: 2 }, expiration_rules: { period_type: 'MONTH', period_value: 12 } }],
    });
    const order = (sourceId: string) => service.call('POST', '/v1/orders', { body: { source_id: sourceId, customer: 'ivan', status: 'PAID', amount: 100 } });
    // The first order goes the one-statement way; its context (a card without sliding points) is remembered.
    expect((await order('ivan-1')).status).toBe(200);
    expect((await event('ivan', 'visit')).status).toBe(200);
    advanceDays(10);
    expect((await order('ivan-2')).status).toBe(200);
    expect(await lastDays('SLIDE-IVAN')).toEqual([['2026-09-21', 10], ['2027-08-12', 2], ['2027-08-22', 2]]);
    expect((await service.call('GET', '/v1/orders?customer=ivan')).body.total).toBe(2);
    await expectLedgerDays('SLIDE-IVAN');
    expect((await service.call('DELETE', `/v1/loyalties/${club()}/earning-rules/${created.body[0].id}`)).status).toBe(204);
  });

  it('order-paid rules written through v1 take sliding_expiration (an extension), also with pending points: activation is earning', async () => {
    const created = await service.call('POST', `/v1/loyalties/${club()}/earning-rules`, {
      body: [
        { event: 'order.paid', loyalty: { type: 'FIXED', points: 7 }, sliding_expiration: { earning_activity: true, period: { unit: 'MONTH', value: 6 } }, source: { banner: 'Six quiet months' } },
        { event: 'order.paid', loyalty: { type: 'FIXED', points: 3 }, pending_points: { period_type: 'DAY', period_value: 3 }, sliding_expiration: { spending_activity: true, period: { unit: 'YEAR', value: 1 } } },
      ],
    });
    expect(created.status).toBe(200);
    expect(contractErrors('spend', '/v1/loyalties/{campaignId}/earning-rules', 'post', 200, created.body)).toEqual([]);
    const sixMonths = { earning_activity: true, spending_activity: false, custom_activity: false, custom_activity_types: null, period: { unit: 'MONTH', value: 6 } };
    expect(created.body[0].sliding_expiration).toEqual(sixMonths);
    expect(created.body[0].expiration_rules).toBeUndefined();
    const v2 = await service.call('GET', `/v2/loyalties/earning-rules/${created.body[0].id}`);
    expect(contractErrors('subset', '/v2/loyalties/earning-rules/{id}', 'get', 200, v2.body)).toEqual([]);
    expect(v2.body.earnings[0].effects[0].points.points_expiration).toEqual({ type: 'SLIDING_EXPIRATION', sliding_expiration: sixMonths });

    service.clock.set('2026-08-31T10:00:00.000Z');
    expect((await service.call('POST', '/v1/orders', { body: { customer: 'dave', status: 'PAID', amount: 1000 } })).status).toBe(200);
    // Six months from 31 August is the end of February.
    expect(await lastDays('SLIDE-DAVE')).toEqual([['2027-02-28', 7]]);
    advanceDays(3); // 2026-09-03: the pending 3 activate (earning: the 7 slide to 2027-03-03) and last a year from now
    await expirePointsEverywhere(service.ctx);
    expect(await lastDays('SLIDE-DAVE')).toEqual([['2027-03-03', 7], ['2027-09-03', 3]]);
    await expectLedgerDays('SLIDE-DAVE');

    for (const rule of created.body) expect((await service.call('DELETE', `/v1/loyalties/${club()}/earning-rules/${rule.id}`)).status).toBe(204);
  });

  it('v1 updates: sliding_expiration replaces the expiry, null ends it, and it does not go with expiration_rules', async () => {
    const created = await service.call('POST', `/v1/loyalties/${club()}/earning-rules`, {
      body: [{ event: 'visit', custom_event: { schema_id: service.project.ids.eventSchemas.get('visit') }, loyalty: { type: 'FIXED', points: 1 }, expiration_rules: { period_type: 'MONTH', period_value: 2 }, active: false }],
    });
    const rule = `/v1/loyalties/${club()}/earning-rules/${created.body[0].id}`;
    const slid = await service.call('PUT', rule, { body: { sliding_expiration: { custom_activity: true, custom_activity_types: ['app_open', 'review'], period: { unit: 'DAY', value: 90 } } } });
    expect(slid.status).toBe(200);
    expect(contractErrors('spend', '/v1/loyalties/{campaignId}/earning-rules/{earningRuleId}', 'put', 200, slid.body)).toEqual([]);
    expect(slid.body.sliding_expiration).toEqual({ earning_activity: false, spending_activity: false, custom_activity: true, custom_activity_types: ['app_open', 'review'], period: { unit: 'DAY', value: 90 } });
    expect(slid.body.expiration_rules).toBeUndefined();
    const both = await service.call('PUT', rule, { body: { sliding_expiration: thirtyQuietDays, expiration_rules: { period_type: 'MONTH', period_value: 1 } } });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ key: 'invalid_payload', details: expect.stringMatching(/^Property \.sliding_expiration: not allowed with expiration_rules/) });
    const ended = await service.call('PUT', rule, { body: { sliding_expiration: null } });
    expect(ended.body.sliding_expiration).toBeUndefined();
    expect((await service.call('GET', `/v2/loyalties/earning-rules/${created.body[0].id}`)).body.earnings[0].effects[0].points.points_expiration).toEqual({ type: 'NO_EXPIRATION' });
    expect((await service.call('DELETE', rule)).status).toBe(204);
  });

  it.each<[string, object, RegExp]>([
    ['a period of 91 days', { earning_activity: true, period: { unit: 'DAY', value: 91 } }, /^Property \.0\.sliding_expiration\.period\.value: /],
    ['a period of 13 months', { earning_activity: true, period: { unit: 'MONTH', value: 13 } }, /^Property \.0\.sliding_expiration\.period\.value: /],
    ['a period of 2 years', { earning_activity: true, period: { unit: 'YEAR', value: 2 } }, /^Property \.0\.sliding_expiration\.period\.value: /],
    ['a period of 0 days', { earning_activity: true, period: { unit: 'DAY', value: 0 } }, /^Property \.0\.sliding_expiration\.period\.value: /],
    ['a unit of weeks', { earning_activity: true, period: { unit: 'WEEK', value: 2 } }, /^Property \.0\.sliding_expiration\.period\.unit: /],
    ['no period', { earning_activity: true }, /sliding_expiration.* 'period'/],
    ['no activity counted', { earning_activity: false, spending_activity: false, period: { unit: 'DAY', value: 5 } }, /^Property \.0\.sliding_expiration\.earning_activity: at least one of earning_activity, spending_activity or custom_activity must be true/],
    ['custom activity without event names', { custom_activity: true, period: { unit: 'DAY', value: 5 } }, /^Property \.0\.sliding_expiration should have required property 'custom_activity_types'/],
    ['custom activity with no event names', { custom_activity: true, custom_activity_types: [], period: { unit: 'DAY', value: 5 } }, /^Property \.0\.sliding_expiration\.custom_activity_types: must list 1 to 10/],
    ['custom activity with 11 event names', { custom_activity: true, custom_activity_types: 'abcdefghijk'.split(''), period: { unit: 'DAY', value: 5 } }, /^Property \.0\.sliding_expiration\.custom_activity_types: must list 1 to 10/],
    ['an event name twice', { custom_activity: true, custom_activity_types: ['app_open', 'app_open'], period: { unit: 'DAY', value: 5 } }, /^Property \.0\.sliding_expiration\.custom_activity_types: must not repeat/],
    ['an empty event name', { custom_activity: true, custom_activity_types: [' '], period: { unit: 'DAY', value: 5 } }, /^Property \.0\.sliding_expiration\.custom_activity_types\.0: must not be empty/],
    ['an unknown property', { earning_activity: true, period: { unit: 'DAY', value: 5 }, rounding: { type: 'END_OF_MONTH' } }, /sliding_expiration.*'rounding'/],
  ])('refuses %s with the error object naming the field, writing nothing', async (_name, sliding, details) => {
    const before = await databaseChecksum(service.database);
    const res = await service.call('POST', `/v1/loyalties/${club()}/earning-rules`, { body: [{ event: 'order.paid', loyalty: { type: 'FIXED', points: 1 }, sliding_expiration: sliding }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', request_id: expect.any(String) });
    expect(res.body.details).toMatch(details);
    expect(contractErrors('spend', '/v1/loyalties/{campaignId}/earning-rules', 'post', 400, res.body)).toEqual([]);
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('a project clock moved past the last day expires the points at once; moved less, with activity in between, it keeps them', async () => {
    const clock = (advanceDays: number) => service.call('POST', '/_local/clock', { body: { advance_seconds: advanceDays * 86_400 } });
    expect((await event('erin', 'visit')).status).toBe(200);
    expect((await event('frank', 'visit')).status).toBe(200);
    expect((await clock(25)).status).toBe(200);
    expect((await event('frank', 'app_open')).status).toBe(200);
    expect((await clock(25)).status).toBe(200);
    // Erin was quiet for 50 days: gone when the clock moved. Frank opened the app on day 25: his last day is day 55.
    expect(await card('SLIDE-ERIN')).toMatchObject({ balance: 0, expired_points: 10 });
    expect(await card('SLIDE-FRANK')).toMatchObject({ balance: 10, expired_points: 0 });
    expect((await clock(6)).status).toBe(200);
    expect(await card('SLIDE-FRANK')).toMatchObject({ balance: 0, expired_points: 10 });
  });
});
