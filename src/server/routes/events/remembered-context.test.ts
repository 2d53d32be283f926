import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * Events of a known customer without a named card reuse the context an earlier event read
 * (event-in-one-statement.ts): whatever changed in between must count from the very next event,
 * exactly as if it had been read again.
 */
describe.each(testDatabases())('Events after a change to what the engine reads (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const rules = (path: string) => `/v1/loyalties/${fixed()}/earning-rules${path}`;
  const points = async () => (await service.call('GET', '/v1/loyalties/members/FIX-ALICE')).body.loyalty_card.points as number;
  /** Points FIX-ALICE earns from one event of Alice's named by source id alone, `customer` changing her profile when given. */
  const earned = async (event: string, metadata: object = {}, customer: object = { source_id: 'alice' }) => {
    const before = await points();
    expect((await service.call('POST', '/v1/events', { body: { event, customer, metadata } })).status).toBe(200);
    return (await points()) - before;
  };

  beforeAll(async () => {
    const base = earningFixture();
    service = await startTestService(kind, { ...base, event_schemas: [...(base.event_schemas ?? []), { name: 'authored_ping', properties: { amount: { type: 'number' as const } } }] });
    service.clock.set('2026-03-02T10:00:00.000Z');
  });
  afterAll(() => service.close());

  it('a rule created, disabled, enabled, changed or deleted between two events counts from the next', async () => {
    expect(await earned('authored_ping')).toBe(0);
    expect(await earned('authored_ping')).toBe(0);
    const created = await service.call('POST', rules(''), {
      body: [{ event: 'authored_ping', custom_event: { schema_id: service.project.ids.eventSchemas.get('authored_ping') }, loyalty: { type: 'FIXED', points: 6 } }],
    });
    const id = created.body[0].id as string;
    expect(await earned('authored_ping')).toBe(6);
    expect(await earned('authored_ping')).toBe(6);
    expect((await service.call('POST', rules(`/${id}/disable`))).status).toBe(200);
    expect(await earned('authored_ping')).toBe(0);
    expect((await service.call('POST', rules(`/${id}/enable`))).status).toBe(200);
    expect(await earned('authored_ping')).toBe(6);
    await service.call('PUT', rules(`/${id}`), { body: { loyalty: { type: 'FIXED', points: 9 } } });
    expect(await earned('authored_ping')).toBe(9);
    expect((await service.call('DELETE', rules(`/${id}`))).status).toBe(204);
    expect(await earned('authored_ping')).toBe(0);
  });

  it("a customer's metadata changed between two events counts from the next", async () => {
    // 'Gold visits' earns 1 point per 10 visits for gold customers; Alice is gold with 42 visits.
    expect(await earned('gold_only')).toBe(4);
    expect(await earned('gold_only')).toBe(4);
    // An event that changes her profile takes the transaction, and earns on the new profile.
    expect(await earned('gold_only', {}, { source_id: 'alice', metadata: { tier: 'silver', visits: 42 } })).toBe(0);
    expect(await earned('gold_only')).toBe(0);
    expect(await earned('gold_only', {}, { source_id: 'alice', metadata: { tier: 'gold', visits: 70 } })).toBe(7);
    expect(await earned('gold_only')).toBe(7);
  });

  it('a rule of two programs deleted between two events earns on neither from the next', async () => {
    // 'Both programs' earns 3 on each of Alice's cards (FIX-ALICE and AUTO-ALICE).
    expect(await earned('both_programs')).toBe(3);
    const [rule] = (await service.call('GET', rules('?limit=100'))).body.data.filter((r: { source?: { banner?: string } }) => r.source?.banner === 'Both programs');
    expect(rule).toBeDefined();
    expect((await service.call('DELETE', rules(`/${rule.id}`))).status).toBe(204);
    expect(await earned('both_programs')).toBe(0);
  });
});
