import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { cardTransactions, customers, pointBuckets } from '../../../platform/db/schema';

const PARALLEL = 40;

describe.each(testDatabases())('Parallel events on one card (%s)', (kind) => {
  let service: TestService;
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body;
  const bobId = () => service.project.ids.customers.get('bob') as string;
  const burst = (body: object) => Promise.all(Array.from({ length: PARALLEL }, () => service.call('POST', '/v1/events', { body })));

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
    service.clock.set('2026-03-02T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('loses no points and never exceeds a frequency limit', async () => {
    // By customer id: no profile upsert, so only the card lock orders these requests.
    const responses = await burst({ event: 'parallel', customer: bobId(), loyalty: { code: 'FIX-BOB' } });
    expect(responses.map((r) => r.status)).toEqual(Array(PARALLEL).fill(200));
    // 'Parallel limited' earns 1 point at most 5 times a day; 'Parallel free' earns 2 every time.
    const member = await card('FIX-BOB');
    expect(member.loyalty_card).toMatchObject({ points: 5 + 2 * PARALLEL, balance: 5 + 2 * PARALLEL });
    const txs = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=100')).body.data;
    expect(txs).toHaveLength(5 + PARALLEL);
    // Each transaction's balance is one step of one ledger: all distinct, ending at the card's balance.
    const balances = txs.map((t: { details: { balance: { balance: number } } }) => t.details.balance.balance);
    expect(new Set(balances).size).toBe(txs.length);
    expect(balances[0]).toBe(member.loyalty_card.balance);
    // Each accrual names its rule: that is the trigger history limits count.
    const [{ n }] = await service.database.db.select({ n: count() }).from(cardTransactions).where(and(eq(cardTransactions.voucherId, member.id), isNotNull(cardTransactions.earningRuleId)));
    expect(n).toBe(5 + PARALLEL);
    const buckets = await service.database.db.select().from(pointBuckets).where(eq(pointBuckets.voucherId, member.id));
    expect(buckets.reduce((sum, b) => sum + b.remaining, 0)).toBe(member.loyalty_card.balance);
  });

  it('loses no points when events without limits (one statement each) and events with limits (a transaction each) share a card', async () => {
    const { loyalty_card: before, id } = await card('FIX-BOB');
    before.id = id;
    const ledger = () => service.database.db.select().from(cardTransactions).where(eq(cardTransactions.voucherId, before.id)).orderBy(asc(cardTransactions.seq));
    const txsBefore = (await ledger()).length;
    // A review (10 points, no limit) by source id takes the one-statement path; 'parallel' has a limited rule, so a transaction.
    const review = { event: 'app_review', customer: 'bob', metadata: { rating: 5 } };
    const limited = { event: 'parallel', customer: bobId(), loyalty: { code: 'FIX-BOB' } };
    const responses = await Promise.all(Array.from({ length: 2 * PARALLEL }, (_, i) => service.call('POST', '/v1/events', { body: i % 2 ? review : limited })));
    expect(responses.map((r) => r.status)).toEqual(Array(2 * PARALLEL).fill(200));
    // The limited rule used its five a day in the first test: each 'parallel' earns the free rule's 2.
    const member = await card('FIX-BOB');
    expect(member.loyalty_card).toMatchObject({ points: before.points + PARALLEL * (10 + 2), balance: before.balance + PARALLEL * (10 + 2) });
    const added = (await ledger()).slice(txsBefore);
    expect(added).toHaveLength(2 * PARALLEL);
    // One ledger in commit order: each balance the previous plus its amount, the last the card's.
    const steps = added.map((t) => ({ amount: t.amount, balance: t.balance, written: (t.details as { balance: { balance: number } }).balance.balance }));
    steps.forEach((step, i) => expect([step.balance, step.written]).toEqual(Array(2).fill((i ? steps[i - 1].balance : before.balance) + step.amount)));
    expect(steps.at(-1)?.balance).toBe(member.loyalty_card.balance);
    const buckets = await service.database.db.select().from(pointBuckets).where(eq(pointBuckets.voucherId, member.id));
    expect(buckets.reduce((sum, b) => sum + b.remaining, 0)).toBe(member.loyalty_card.balance);
  });

  it('never triggers twice inside a cooldown', async () => {
    const before = (await card('FIX-BOB')).loyalty_card.points;
    await burst({ event: 'cooldown_ping', customer: bobId() });
    expect((await card('FIX-BOB')).loyalty_card.points).toBe(before + 1);
  });

  it('creates a new source id once and credits each of its events', async () => {
    const responses = await burst({ event: 'both_programs', customer: { source_id: 'rush', metadata: { n: 1 } } });
    expect(new Set(responses.map((r) => r.body.customer.id)).size).toBe(1);
    const [{ n }] = await service.database.db.select({ n: count() }).from(customers).where(eq(customers.sourceId, 'rush'));
    expect(n).toBe(1);
    const events = await service.call('GET', '/v1/events?customer=rush&limit=100');
    expect(events.body.events).toHaveLength(PARALLEL);
  });
});
