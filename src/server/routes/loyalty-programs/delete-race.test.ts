import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/client';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';
import { leftOf, nothingLeft } from '../../../../test/support/program-leftovers';

type Call = (process: number, method: string, path: string, body?: unknown) => Promise<{ status: number; body: Awaited<ReturnType<TestService['call']>>['body'] }>;
const fixture = () => spendFixture({ event_schemas: [{ name: 'app_review', properties: {} }] });

/**
 * One round: a program with members holding points, an earning rule and a reward; then 40 requests
 * at once, spread over the processes: redemptions, enrollments, additions and removals by hand,
 * custom events that earn (the one-statement path), and, in the middle, the program's deletion.
 * Every answer is 200 (it happened before the deletion, and went with it) or 404 not_found; nothing
 * of the program is left, and no card outlives it.
 */
async function raceOnce(call: Call, database: Database, ids: { reward: string; schema: string }, round: number): Promise<void> {
  const created = await call(0, 'POST', '/v1/loyalties', { name: `Race Club ${round}` });
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  expect((await call(0, 'POST', `/v1/rewards/${ids.reward}/assignments`, { campaign: id, parameters: { loyalty: { points: 10 } } })).status).toBe(200);
  expect((await call(0, 'POST', `/v1/loyalties/${id}/earning-rules`, [{ event: 'app_review', custom_event: { schema_id: ids.schema }, loyalty: { type: 'FIXED', points: 3 } }])).status).toBe(200);
  const members: { code: string; customer: string }[] = [];
  for (let i = 0; i < 4; i++) {
    const customer = `race-${round}-${i}`;
    const member = await call(i % 2, 'POST', `/v1/loyalties/${id}/members`, { customer: { source_id: customer } });
    expect(member.status).toBe(200);
    members.push({ code: member.body.code, customer });
    expect((await call(0, 'POST', `/v1/loyalties/${id}/members/${member.body.code}/balance`, { points: 1000 })).status).toBe(200);
  }
  // Both processes have the program in their lookup caches now.
  expect((await call(1, 'GET', `/v1/loyalties/${id}`)).status).toBe(200);
  const cardIds = (await database.execute<{ id: string }>('SELECT id FROM vouchers WHERE campaign_id = $1', [id])).map((c) => c.id);

  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => {
      const { code, customer } = members[i % members.length];
      const process = i % 2;
      if (i === 20) return call(0, 'DELETE', `/v1/loyalties/${id}`);
      switch (i % 5) {
        case 0:
          return call(process, 'POST', `/v1/loyalties/${id}/members/${code}/redemption`, { reward: { id: ids.reward } });
        case 1:
          return call(process, 'POST', `/v1/loyalties/${id}/members`, { customer: { source_id: `race-late-${round}-${i}` } });
        case 2:
          return call(process, 'POST', '/v1/events', { event: 'app_review', customer });
        default:
          return call(process, 'POST', `/v1/loyalties/members/${code}/balance`, { points: i % 5 === 3 ? 5 : -5 });
      }
    }),
  );
  expect(answers[20].status).toBe(200);
  for (const answer of answers) {
    expect([200, 404], JSON.stringify(answer.body)).toContain(answer.status);
    if (answer.status === 404) expect(answer.body).toMatchObject({ code: 404, key: 'not_found', request_id: expect.any(String) });
  }
  // The other process may still remember the program: an enrollment there trips its foreign key and is told so.
  const late = await call(1, 'POST', `/v1/loyalties/${id}/members`, { customer: { source_id: `race-after-${round}` } });
  expect(late.status).toBe(404);
  expect(late.body).toMatchObject({ key: 'not_found', resource_type: 'campaign' });

  const left = await leftOf({ database }, id, cardIds);
  expect(left).toEqual(nothingLeft(left));
  const [{ n }] = await database.execute<{ n: string }>('SELECT count(*) AS n FROM vouchers v WHERE NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = v.campaign_id)');
  expect(Number(n)).toBe(0);
}

describe.runIf(testDatabases().includes('postgres'))('Delete Loyalty Campaign racing with earnings, redemptions and enrollments (postgres)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('postgres', fixture());
  });
  afterAll(() => service.close());

  it('leaves nothing half-done in one process', async () => {
    const call: Call = (_process, method, path, body) => service.call(method, path, { body });
    const ids = { reward: service.project.ids.rewards.get('Free coffee') as string, schema: service.project.ids.eventSchemas.get('app_review') as string };
    for (let round = 0; round < 3; round++) await raceOnce(call, service.database, ids, round);
  }, 120_000);
});

describe.runIf(testDatabases().includes('postgres'))('Delete Loyalty Campaign racing across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;
  beforeAll(async () => {
    two = await startTwoProcesses(fixture(), 'delete_program');
  }, 120_000);
  afterAll(() => two?.close());

  it('leaves nothing half-done, and the process that still remembers the program answers 404', async () => {
    const call: Call = async (process, method, path, body) => {
      const response = await fetch(`${two.addresses[process]}${path}`, { method, headers: two.headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const ids = { reward: two.project.ids.rewards.get('Free coffee') as string, schema: two.project.ids.eventSchemas.get('app_review') as string };
    for (let round = 0; round < 3; round++) await raceOnce(call, two.database, ids, round);
  }, 180_000);
});
