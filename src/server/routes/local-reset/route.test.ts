import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { keyHeadersOf } from '../../../../test/support/oauth';
import { startTestService, type TestService } from '../../../../test/support/service';
import { loadFixture, type LoadedProject } from '../../seed/load-fixture';
import type { FixtureInput } from '../../seed/fixture-schema';

/** The base fixture with history on FIX-BOB and 30 generated cards (pinned at load, so a reset keeps their codes). */
function resetFixture(name: string): FixtureInput {
  const fixture = baseFixture({
    project: { name },
    transactions: [
      { card: 'FIX-BOB', type: 'POINTS_ADDITION', amount: 120, reason: 'welcome' },
      { card: 'FIX-BOB', type: 'POINTS_REMOVAL', amount: 20 },
    ],
  });
  fixture.campaigns = fixture.campaigns?.map((c) => (c.name === 'Auto Club' ? { ...c, generated_cards: 30 } : c));
  return fixture;
}

/** What a client sees of a project: customers, both programs' cards with balances, FIX-BOB's history. */
async function visibleState(service: TestService, headers?: Record<string, string>) {
  const get = async (path: string) => {
    const res = await service.call('GET', path, { headers });
    expect(res.status, path).toBe(200);
    return res.body;
  };
  const customers = (await get('/v1/customers?limit=100&order=created_at')).customers.map((c: Record<string, unknown>) => [c.id, c.source_id, c.created_at, c.email]);
  const programs = (await get('/v1/loyalties?limit=100')).campaigns.map((c: Record<string, unknown>) => [c.id, c.name]);
  const cards: unknown[] = [];
  for (const [id] of programs) {
    for (const m of (await get(`/v1/loyalties/${id}/members?limit=100`)).vouchers) cards.push([m.id, m.code, m.holder_id, m.loyalty_card.balance, m.created_at]);
  }
  const history = (await get('/v1/loyalties/members/FIX-BOB/transactions?limit=100')).data.map((t: Record<string, unknown>) => [t.id, t.type, t.amount, t.created_at]);
  return { customers, programs, cards, history };
}

describe.each(testDatabases())('POST /_local/reset (%s)', (kind) => {
  let service: TestService;
  let other: LoadedProject;
  const otherHeaders = () => keyHeadersOf(other.keys[0]);

  beforeAll(async () => {
    service = await startTestService(kind, resetFixture('Reset project'), undefined, { localControl: 'on' });
    other = await loadFixture(service.database, resetFixture('Other project'), service.clock.now());
  });
  afterAll(async () => service.close());

  it('puts the project back to its fixture, same ids, codes, balances and dates, while another project keeps serving unchanged', async () => {
    const initial = await visibleState(service);
    expect(initial.cards.length).toBe(37);
    const theirs = await visibleState(service, otherHeaders());
    // Change everything a test might: a new member, a new customer, points by hand, a customer edited.
    expect((await service.call('POST', '/v1/loyalties/Fixed%20Club/members', { body: { customer: { source_id: 'carol' } } })).status).toBe(200);
    expect((await service.call('POST', '/v1/loyalties/members/FIX-BOB/balance', { body: { points: 50 } })).status).toBe(200);
    expect((await service.call('PUT', '/v1/customers/alice', { body: { email: 'changed@example.com' } })).status).toBe(200);
    expect(await visibleState(service)).not.toEqual(initial);

    // The other project is read throughout the reset; every answer is what it was.
    let resetting = true;
    const reads = (async () => {
      let n = 0;
      while (resetting || n < 3) {
        expect(await visibleState(service, otherHeaders())).toEqual(theirs);
        n++;
      }
      return n;
    })();
    const reset = await service.call('POST', '/_local/reset');
    resetting = false;
    expect(await reads).toBeGreaterThanOrEqual(3);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ object: 'project_reset', project_id: service.project.projectId, to: 'fixture', fixture_loaded_at: service.clock.now().toISOString() });
    expect(await visibleState(service)).toEqual(initial);
    // The key pair still works, and the program can enroll again (what this process remembered was dropped).
    expect((await service.call('POST', '/v1/loyalties/Fixed%20Club/members', { body: { customer: { source_id: 'dave' } } })).status).toBe(200);
  });

  it('to empty: nothing left, old programs are not found; a reset brings the fixture back', async () => {
    const initial = await visibleState(service);
    const res = await service.call('POST', '/_local/reset', { body: { to: 'empty' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ to: 'empty', fixture_loaded_at: null });
    expect((await service.call('GET', '/v1/customers')).body.customers).toEqual([]);
    expect((await service.call('GET', '/v1/loyalties')).body.campaigns).toEqual([]);
    const enroll = await service.call('POST', '/v1/loyalties/Fixed%20Club/members', { body: { customer: { source_id: 'eve' } } });
    expect(enroll.status).toBe(404);
    expect((await service.call('POST', '/_local/reset', { body: {} })).status).toBe(200);
    const back = await visibleState(service);
    expect(back.programs).toEqual(initial.programs);
    expect(back.history).toEqual(initial.history);
  });

  it('refuses a bad body naming the field, changing nothing', async () => {
    await service.call('POST', '/_local/reset');
    const before = await visibleState(service);
    const bad = await service.call('POST', '/_local/reset', { body: { to: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, key: 'invalid_payload' });
    expect(bad.body.details).toContain('to');
    const unknown = await service.call('POST', '/_local/reset', { body: { to: 'empty', keep: 'customers' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toContain('keep');
    expect(await visibleState(service)).toEqual(before);
  });
});

describe('POST /_local/reset without LOCAL_CONTROL', () => {
  it('is a 404 like any unknown path', async () => {
    const service = await startTestService('pglite', baseFixture(), undefined, { localControl: 'off' });
    try {
      const res = await service.call('POST', '/_local/reset', { body: { to: 'empty' } });
      expect(res.status).toBe(404);
      expect((await service.call('GET', '/v1/customers')).body.customers.length).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });
});
