import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { rollbackContractErrors, storedRedemptionContractErrors } from '../../../../test/support/redemption-contract';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

/**
 * The official SDK (npm @voucherify/sdk 2.9) undoing a redemption, unchanged: a member joins, gets
 * points, redeems a reward, reads the redemption back, rolls it back with a reason, and a second
 * rollback is refused.
 */
describe.each(testDatabases())('@voucherify/sdk: redeem → get → rollback (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the call succeeded'), (error: { code: number; key: string }) => error);

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('redeems a reward, reads the redemption, rolls it back once', async () => {
    const client = sdk();
    const card = await client.loyalties.createMember(fixed(), { customer: { source_id: 'sdk-undo', name: 'Una Undo' } });
    service.clock.advance(1000);
    await client.loyalties.addOrRemoveCardBalance(card.code as string, { points: 500 } as never, fixed());
    service.clock.advance(1000);
    const redemption = await client.loyalties.redeemReward(fixed(), card.code as string, { reward: { id: service.project.ids.rewards.get('Mug') as string } } as never);
    expect(redemption).toMatchObject({ object: 'redemption', amount: 300 });

    const got = await client.redemptions.get(redemption.id as string);
    expect(storedRedemptionContractErrors(got as never)).toEqual([]);
    expect(got).toMatchObject({ id: redemption.id, object: 'redemption', voucher: { code: card.code } });

    service.clock.advance(1000);
    const rollback = await client.redemptions.rollback(redemption.id as string, { reason: 'Redeemed by mistake' });
    expect(rollbackContractErrors(rollback)).toEqual([]);
    expect(rollback).toMatchObject({ object: 'redemption_rollback', redemption: redemption.id, reason: 'Redeemed by mistake', amount: -300 });
    expect((await client.loyalties.getMember(fixed(), card.code as string)).loyalty_card).toMatchObject({ balance: 500 });
    expect(await client.redemptions.get(rollback.id as string)).toMatchObject({ id: rollback.id, object: 'redemption_rollback' });

    // Its string form (the reason alone) is typed out of the SDK's declarations but works the same.
    const again = await failure(client.redemptions.rollback(redemption.id as string, 'again' as never));
    expect(again).toMatchObject({ code: 400, key: 'already_rolled_back' });
  });
});
