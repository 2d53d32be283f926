import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTransactionListSchema } from '../../../contract/card-transaction';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

const history = [10, 20, 30, 40, 50].map((amount, i) => ({ card: 'FIX-BOB', type: 'POINTS_ADDITION' as const, amount, reason: `add ${amount}`, created_at: `2026-01-0${i + 1}T10:00:00.000Z` }));

describe.each(testDatabases())('Loyalty card transactions (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture({ transactions: [...history, { card: 'FIX-BOB', type: 'POINTS_REMOVAL', amount: 25, reason: 'spent', created_at: '2026-01-06T10:00:00.000Z' }] }));
  });
  afterAll(() => service.close());

  it('lists newest first by default, valid against the contract, with running balances', async () => {
    for (const path of [`/v1/loyalties/${fixed()}/members/FIX-BOB/transactions`, '/v1/loyalties/members/FIX-BOB/transactions', '/v1/loyalties/Fixed%20Club/members/FIX-BOB/transactions']) {
      const res = await service.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(cardTransactionListSchema.parse(res.body)).toBeTruthy();
      const template = path.includes('members/FIX-BOB') && path.startsWith('/v1/loyalties/members') ? '/v1/loyalties/members/{memberId}/transactions' : '/v1/loyalties/{campaignId}/members/{memberId}/transactions';
      expect(contractErrors('supporting', template, 'get', 200, res.body)).toEqual([]);
      expect(res.body.data.map((t: { reason: string }) => t.reason)).toEqual(['spent', 'add 50', 'add 40', 'add 30', 'add 20', 'add 10']);
      expect(res.body.data.map((t: { details: { balance: { balance: number } } }) => t.details.balance.balance)).toEqual([125, 150, 100, 60, 30, 10]);
      expect(res.body.data[0]).toMatchObject({ type: 'POINTS_REMOVAL', voucher_id: expect.stringMatching(/^v_/), campaign_id: fixed(), source: 'API', related_transaction_id: null });
      expect(res.body.data[0].details.balance).toMatchObject({ points: -25, related_object: { type: 'voucher' } });
      expect(res.body.has_more).toBe(false);
      expect(res.body).not.toHaveProperty('more_starting_after');
      expect(res.body).not.toHaveProperty('total');
    }
  });

  it('pages with starting_after_id in either order', async () => {
    const reasons = async (query: string) => {
      const res = await service.call('GET', `/v1/loyalties/members/FIX-BOB/transactions?${query}`);
      return { reasons: res.body.data.map((t: { reason: string }) => t.reason), hasMore: res.body.has_more, next: res.body.more_starting_after };
    };
    const first = await reasons('limit=2&order=id');
    expect(first).toEqual({ reasons: ['add 10', 'add 20'], hasMore: true, next: expect.stringMatching(/^vtx_/) });
    const second = await reasons(`limit=2&order=id&starting_after_id=${first.next}`);
    expect(second.reasons).toEqual(['add 30', 'add 40']);
    const last = await reasons(`limit=2&order=id&starting_after_id=${second.next}`);
    expect(last).toEqual({ reasons: ['add 50', 'spent'], hasMore: false, next: undefined });
    const back = await reasons(`limit=10&order=-id&starting_after_id=${second.next}`);
    expect(back.reasons).toEqual(['add 30', 'add 20', 'add 10']);
  });

  it('answers 404 for unknown cards or a card of another campaign, 400 for bad queries', async () => {
    const unknown = await service.call('GET', '/v1/loyalties/members/NOPE/transactions');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE' });
    const other = await service.call('GET', `/v1/loyalties/${service.project.ids.campaigns.get('Auto Club')}/members/FIX-BOB/transactions`);
    expect(other.status).toBe(404);
    for (const query of ['limit=0', 'limit=101', 'order=created_at', 'starting_after_id=vtx_unknown']) {
      const res = await service.call('GET', `/v1/loyalties/members/FIX-BOB/transactions?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.key).toBe('invalid_query_params');
    }
  });
});
