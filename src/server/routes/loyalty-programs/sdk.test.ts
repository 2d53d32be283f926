import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

/**
 * The official SDK (npm @voucherify/sdk 2.9), unchanged, through a program's whole life: create it,
 * enroll a member, earn, redeem a reward, roll the redemption back, delete the program.
 */
describe.each(testDatabases())('@voucherify/sdk: a program from creation to deletion (%s)', (kind) => {
  let service: TestService;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the call succeeded'), (error: { code: number; key: string }) => error);

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('creates, enrolls, earns, redeems, rolls back and deletes', async () => {
    const client = sdk();
    const program = await client.loyalties.create({ name: 'SDK Club', voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: 'SDK-#####' } } } as never);
    expect(contractErrors('loyalty-rest', '/v1/loyalties', 'post', 200, program)).toEqual([]);
    const id = program.id as string;

    const reward = service.project.ids.rewards.get('Free coffee') as string;
    const assignment = await client.rewards.createAssignment(reward, { campaign: id, parameters: { loyalty: { points: 120 } } } as never);
    expect(assignment).toMatchObject({ reward_id: reward, related_object_id: id });

    const card = await client.loyalties.createMember(id, { customer: { source_id: 'sdk-life', name: 'Sid Life' } });
    expect(card.code).toMatch(/^SDK-[A-Za-z0-9]{5}$/);
    service.clock.advance(1000);
    const earned = await client.loyalties.addOrRemoveCardBalance(card.code as string, { points: 300, reason: 'welcome' } as never, id);
    expect(earned).toMatchObject({ points: 300, total: 300 });

    service.clock.advance(1000);
    const redemption = await client.loyalties.redeemReward(id, card.code as string, { reward: { id: reward } } as never);
    expect(redemption).toMatchObject({ object: 'redemption', amount: 120 });
    expect((await client.loyalties.getMember(id, card.code as string)).loyalty_card).toMatchObject({ balance: 180 });

    service.clock.advance(1000);
    const rollback = await client.redemptions.rollback(redemption.id as string, { reason: 'Wrong reward' });
    expect(rollback).toMatchObject({ object: 'redemption_rollback', redemption: redemption.id, amount: -120 });
    expect((await client.loyalties.getMember(id, card.code as string)).loyalty_card).toMatchObject({ balance: 300 });

    const deleted = (await client.loyalties.delete(id, { force: true })) as { async_action_id: string };
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}', 'delete', 200, deleted)).toEqual([]);
    expect(await client.asyncActions.get(deleted.async_action_id)).toMatchObject({ type: 'CAMPAIGN.DELETE', status: 'DONE' });
    expect(await failure(client.loyalties.get(id))).toMatchObject({ code: 404, key: 'not_found' });
    expect(await failure(client.loyalties.getMember(id, card.code as string))).toMatchObject({ code: 404, key: 'not_found' });
    expect(await failure(client.loyalties.createMember(id, { customer: { source_id: 'sdk-late' } }))).toMatchObject({ code: 404, key: 'not_found' });
  });
});
