import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/client';
import { testDatabases } from '../../../../test/support/databases';
import { ledgerBreaches } from '../../../../test/support/ledger-invariants';
import { orderFixture, orderRule, proportional } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';

/** Bob's orders on Fixed Club also hold 1 point per 1.00 pending for a week (FIX-BOB). */
const fixture = () => orderFixture([orderRule('Held a week', [proportional('PRE_DISCOUNT_ORDER_AMOUNT', { order: { amount: { every: 100, value: 1 } } })], { pending_points: { period_type: 'DAY', period_value: 7 } })]);

type Call = (via: number, method: string, path: string, body?: unknown) => Promise<{ status: number; body: { id: string } | undefined }>;
const actions = ['activate', 'cancel', 'balance'] as const;

/**
 * Each round: a paid order of 100.00 holds 100 points pending (entry E), then at the same moment
 * E is activated, canceled or given 7 more points by hand (through `via` 0) and the order is
 * canceled (through `via` 1). Whichever comes first decides E; the other finds it decided. After
 * every round the ledger's invariants hold and E's outcome is the one the answers say.
 */
async function raceOrderCancellations(call: Call, database: Database, projectId: string, rounds: number): Promise<void> {
  // Every round is checked; what broke is reported at the end, each breach in the round it appeared.
  const broken: string[] = [];
  const seen = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    const action = actions[round % actions.length];
    const order = await call(round, 'POST', '/v1/orders', { source_id: `race-${round}`, customer: 'bob', status: 'PAID', amount: 10000 });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const [entry] = await database.execute<{ id: string }>('SELECT id FROM pending_points WHERE order_id = $1', [order.body?.id]);
    // The order's cancellation does more before it reaches the entry; starting it a little earlier in some rounds lets it win some.
    const head = [0, 2, 5, 10][Math.floor(round / actions.length) % 4];
    const canceled = call(1, 'PUT', `/v1/orders/race-${round}`, { status: 'CANCELED' });
    await new Promise((resolve) => setTimeout(resolve, head));
    const byHand = call(0, 'POST', `/v1/loyalties/members/FIX-BOB/pending-points/${entry.id}/${action}`, action === 'balance' ? { points: 7 } : {});
    const [hand, cancel] = await Promise.all([byHand, canceled]);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect([200, 204, 404], JSON.stringify(hand.body)).toContain(hand.status);
    const [after] = await database.execute<{ status: string; points: number }>('SELECT status, points FROM pending_points WHERE id = $1', [entry.id]);
    const won = hand.status !== 404;
    const expected = action === 'activate' ? { status: won ? 'ACTIVATED' : 'CANCELED', points: 100 } : { status: 'CANCELED', points: action === 'balance' && won ? 107 : 100 };
    const found = { status: after.status, points: Number(after.points) };
    if (found.status !== expected.status || found.points !== expected.points) broken.push(`round ${round} (${action} answered ${hand.status}): entry ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`);
    for (const breach of await ledgerBreaches(database, projectId)) {
      if (!seen.has(breach)) broken.push(`round ${round} (${action} answered ${hand.status}): ${breach}`);
      seen.add(breach);
    }
  }
  expect(broken).toEqual([]);
}

describe.runIf(testDatabases().includes('postgres'))('An order canceled while its pending points are decided, across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;
  const call: Call = async (via, method, path, body) => {
    const response = await fetch(`${two.addresses[via % 2]}${path}`, { method, headers: two.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    two = await startTwoProcesses(fixture(), 'pendingrace');
  }, 120_000);
  afterAll(() => two?.close());

  it('gives each entry one outcome, whoever decides it, and keeps balance = Σ transactions = Σ buckets and pending = Σ PENDING entries', async () => {
    await raceOrderCancellations(call, two.database, two.project.projectId, 45);
  }, 120_000);
});

describe.each(testDatabases())('An order canceled while its pending points are decided, in one process (%s)', (kind) => {
  let service: TestService;
  const call: Call = (_via, method, path, body) => service.call(method, path, { body });

  beforeAll(async () => {
    service = await startTestService(kind, fixture());
  });
  afterAll(() => service?.close());

  it('gives each entry one outcome, whoever decides it, and keeps balance = Σ transactions = Σ buckets and pending = Σ PENDING entries', async () => {
    await raceOrderCancellations(call, service.database, service.project.projectId, 21);
  }, 60_000);
});
