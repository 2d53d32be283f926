import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { formPost, issueTokenOver } from '../../../../test/support/oauth';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * The official SDK (npm @voucherify/sdk) against our service, authenticated by a bearer token.
 * The SDK always sends its X-App-Id / X-App-Token beside `customHeaders`; our rule for both is
 * "both valid, same project, and the token's scope limits the call" (auth/authenticate.ts), so the
 * proof that the bearer is what decides is that its scope, expiry and revocation change the outcome.
 */
describe.each(testDatabases())('@voucherify/sdk with a bearer token (%s)', (kind) => {
  let service: TestService;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const sdk = (token: string) =>
    VoucherifyServerSide({
      applicationId: service.keyHeaders['X-App-Id'],
      secretKey: service.keyHeaders['X-App-Token'],
      apiUrl: service.baseUrl,
      customHeaders: { Authorization: `Bearer ${token}` },
    });
  /** The SDK's error for a failed call (a VoucherifyError carrying the error object). */
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the call succeeded'), (error: { code: number; key: string }) => error);

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  it('runs Add Member (loyalties.createMember) through a token with scope loyalties', async () => {
    const client = sdk(await issueTokenOver(service, 'loyalties'));
    const card = await client.loyalties.createMember(auto(), { customer: { source_id: 'sdk-member', name: 'SDK Member' }, metadata: { via: 'sdk' } });
    expect(card).toMatchObject({ object: 'voucher', type: 'LOYALTY_CARD', campaign_id: auto(), loyalty_card: { points: 0, balance: 0 } });
    expect(card.code).toMatch(/^AUTO-\d{4}-\d{4}$/);
    const publications = await service.call('GET', '/v1/publications?customer=sdk-member');
    expect(publications.body.publications[0]).toMatchObject({ voucher: { code: card.code } });
  });

  it('is refused when the token lacks the scope, although the SDK’s key pair alone would pass', async () => {
    const error = await failure(sdk(await issueTokenOver(service, 'segments events')).loyalties.createMember(auto(), { customer: { source_id: 'sdk-2' } }));
    expect(error).toMatchObject({ code: 403, key: 'missing_required_permission' });
  });

  it('is refused once the token is revoked or expired', async () => {
    const revoked = await issueTokenOver(service, 'api');
    await formPost(service, '/v1/oauth/token/revoke', { access_token: revoked });
    expect(await failure(sdk(revoked).loyalties.createMember(auto(), { customer: { source_id: 'sdk-3' } }))).toMatchObject({ code: 401, key: 'unauthorized' });

    const expiring = await issueTokenOver(service, 'api');
    service.clock.advance(900_000);
    expect(await failure(sdk(expiring).loyalties.createMember(auto(), { customer: { source_id: 'sdk-4' } }))).toMatchObject({ code: 401, key: 'unauthorized' });
  });
});
