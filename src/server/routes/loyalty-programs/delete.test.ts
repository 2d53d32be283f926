import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncActionSchema } from '../../../contract/async-action';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { leftOf, nothingLeft } from '../../../../test/support/program-leftovers';
import { spendFixture } from '../../../../test/support/spend-fixture';

describe.each(testDatabases())('Delete Loyalty Campaign (%s)', (kind) => {
  let service: TestService;
  const mug = () => service.project.ids.rewards.get('Free coffee') as string;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;

  /** A program with a member who earned, redeemed, had the redemption rolled back, under an earning rule and a reward assignment. */
  async function busyProgram(name: string): Promise<{ id: string; code: string; cardIds: string[]; ruleId: string }> {
    const created = await service.call('POST', '/v1/loyalties', { body: { name, vouchers_count: 3, voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: `${name.slice(0, 3).toUpperCase()}-####` } } } });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    expect((await service.call('POST', `/v1/rewards/${mug()}/assignments`, { body: { campaign: id, parameters: { loyalty: { points: 100 } } } })).status).toBe(200);
    // An earning rule of its own.
    const schemaId = service.project.ids.eventSchemas.get('app_review') as string;
    const rule = await service.call('POST', `/v1/loyalties/${id}/earning-rules`, { body: [{ event: 'app_review', custom_event: { schema_id: schemaId }, loyalty: { type: 'FIXED', points: 5 } }] });
    expect(rule.status).toBe(200);
    const member = await service.call('POST', `/v1/loyalties/${id}/members`, { body: { customer: { source_id: `${name}-m`, name: 'Del Member' } } });
    expect(member.status).toBe(200);
    const code = member.body.code as string;
    expect((await service.call('POST', `/v1/loyalties/${id}/members/${code}/balance`, { body: { points: 500, reason: 'welcome' } })).status).toBe(200);
    const redeemed = await service.call('POST', `/v1/loyalties/${id}/members/${code}/redemption`, { body: { reward: { id: mug() } } });
    expect(redeemed.status).toBe(200);
    expect((await service.call('POST', `/v1/redemptions/${redeemed.body.id}/rollback`, { body: { reason: 'oops' } })).status).toBe(200);
    expect((await service.call('POST', `/v1/loyalties/${id}/members/${code}/redemption`, { body: { reward: { id: mug() } } })).status).toBe(200);
    const cards = await service.database.execute<{ id: string }>('SELECT id FROM vouchers WHERE campaign_id = $1', [id]);
    return { id, code, cardIds: cards.map((c) => c.id), ruleId: rule.body[0].id };
  }

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture({ event_schemas: [{ name: 'app_review', properties: {} }] }));
    service.clock.set('2026-05-10T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('removes the program and all of its own, answers the contract’s async action id, and the action reads DONE', async () => {
    const program = await busyProgram('Doomed Club');
    expect((await leftOf(service, program.id, program.cardIds)).vouchers).toBe(3);

    const res = await service.call('DELETE', `/v1/loyalties/${program.id}`);
    expect(res.status).toBe(200);
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}', 'delete', 200, res.body)).toEqual([]);
    expect(res.body).toEqual({ async_action_id: expect.stringMatching(/^aa_/) });
    const left = await leftOf(service, program.id, program.cardIds);
    expect(left).toEqual(nothingLeft(left));
    // Its earning rule, in no other program, is DELETED, not gone (ledgers may name a rule).
    const rules = await service.database.execute<{ status: string }>("SELECT status FROM earning_rules WHERE id = $1", [program.ruleId]);
    expect(rules).toEqual([{ status: 'DELETED' }]);
    // The reward itself stays in the catalog with its other programs.
    expect((await service.call('GET', `/v1/rewards/${mug()}`)).status).toBe(200);

    const action = await service.call('GET', `/v1/async-actions/${res.body.async_action_id}`);
    expect(action.status).toBe(200);
    expect(asyncActionSchema.parse(action.body)).toMatchObject({ type: 'CAMPAIGN.DELETE', status: 'DONE', progress: 100, result: { done_count: 3, failed_count: 0, failed: [], message: '3 card(s) deleted successfully, 0 failed.' } });
  });

  it('answers 404 not_found for the deleted program on every path, and frees its name', async () => {
    const program = await busyProgram('Gone Club');
    expect((await service.call('DELETE', `/v1/loyalties/${program.id}?force=true`)).status).toBe(200);
    const paths: [string, string, unknown?][] = [
      ['GET', `/v1/loyalties/${program.id}`],
      ['PUT', `/v1/loyalties/${program.id}`, { description: 'x' }],
      ['DELETE', `/v1/loyalties/${program.id}`],
      ['POST', `/v1/loyalties/${program.id}/members`, { customer: { source_id: 'late-joiner' } }],
      ['GET', `/v1/loyalties/${program.id}/members`],
      ['GET', `/v1/loyalties/${program.id}/transactions`],
      ['POST', `/v1/loyalties/${program.id}/transactions/export`, {}],
      ['POST', `/v1/loyalties/${program.id}/points-expiration/export`, {}],
      ['GET', `/v1/loyalties/${program.id}/earning-rules`],
      ['GET', `/v1/loyalties/${program.id}/rewards`],
    ];
    for (const [method, path, body] of paths) {
      const res = await service.call(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign', request_id: expect.any(String) });
    }
    for (const [method, path, body] of [
      ['GET', `/v1/loyalties/members/${program.code}`],
      ['POST', `/v1/loyalties/members/${program.code}/balance`, { points: 5 }],
      ['POST', `/v1/loyalties/members/${program.code}/redemption`, { reward: { id: mug() } }],
    ] as [string, string, unknown?][]) {
      const res = await service.call(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.key).toBe('not_found');
    }
    // The name is free again, for a new program with new cards.
    const again = await service.call('POST', '/v1/loyalties', { body: { name: 'Gone Club', vouchers_count: 1 } });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(program.id);
  });

  it('refuses bad input and a program a reward gives points in, naming them, and writes nothing', async () => {
    const program = await busyProgram('Kept Club');
    const before = await databaseChecksum(service.database);
    const badForce = await service.call('DELETE', `/v1/loyalties/${program.id}?force=yes`);
    expect(badForce.status).toBe(400);
    expect(badForce.body).toMatchObject({ code: 400, key: 'invalid_query_params', request_id: expect.any(String) });
    expect(badForce.body.details).toContain('force');
    const unknown = await service.call('DELETE', '/v1/loyalties/camp_nope');
    expect(unknown.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'campaign', resource_id: 'camp_nope' });
    expect(await databaseChecksum(service.database)).toEqual(before);

    // A CAMPAIGN reward giving points in the program: deleting it would leave the reward giving points nowhere.
    const reward = await service.call('POST', '/v1/rewards', { body: { name: 'Kept points', type: 'CAMPAIGN', parameters: { campaign: { id: program.id, balance: 50 } } } });
    expect(reward.status).toBe(200);
    const inUse = await service.call('DELETE', `/v1/loyalties/${program.id}`);
    expect(inUse.status).toBe(400);
    expect(inUse.body).toMatchObject({ key: 'resource_in_use', related_object_ids: [reward.body.id], related_object_type: 'reward' });
    expect((await service.call('GET', `/v1/loyalties/${program.id}`)).status).toBe(200);
    expect((await service.call('DELETE', `/v1/rewards/${reward.body.id}`)).status).toBe(204);
    expect((await service.call('DELETE', `/v1/loyalties/${program.id}`)).status).toBe(200);
    // The fixture's programs are untouched.
    expect((await service.call('GET', `/v1/loyalties/${fixed()}`)).status).toBe(200);
  });
});
