import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxCardPoints, maxPoints } from '../../../contract/common';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * Issue 35, fault 2: a card once reached 10,000,000,000,000,001,020 points, and then −1, −1, −3, +1
 * answered 200 with a balance that did not move while its stored total drifted from its ledger.
 * Every points value is bounded now (README, "Limits"): at most 10^12 a request, a rule or an
 * earning; at most 10^15 a card's lifetime total, held by the database on every path.
 */
describe.each(testDatabases())('Points limits keep every card total exact (%s)', (kind) => {
  let service: TestService;
  const adjust = (points: number, code = 'FIX-BOB') => service.call('POST', `/v1/loyalties/members/${code}/balance`, { body: { points } });
  /** The card's totals, and its ledger's and buckets' sums, as the database holds them (text, so nothing is rounded on the way). */
  const ledgerOf = async (code: string) => {
    const [row] = await service.database.execute<{ points: string; balance: string; ledger: string; buckets: string }>(
      `SELECT v.points::text AS points, v.balance::text AS balance,
         (SELECT coalesce(sum(amount), 0)::text FROM card_transactions t WHERE t.voucher_id = v.id) AS ledger,
         (SELECT coalesce(sum(remaining), 0)::text FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets
       FROM vouchers v WHERE v.code = $1`,
      [code],
    );
    return row;
  };

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
  });
  afterAll(() => service.close());

  it('refuses a change past a card’s 10^15 lifetime points with 400 naming the points, and stays exact near the limit', async () => {
    // Fill Bob's card to 3 points below the limit, 10^12 at a time (the most one request may add), in a few big steps.
    const steps = Math.floor((maxCardPoints - 3) / maxPoints);
    await service.database.execute(
      `WITH card AS (SELECT id, project_id, campaign_id FROM vouchers WHERE code = 'FIX-BOB'),
         posted AS (
           INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, source, amount, balance, details, created_at)
           SELECT 'vtx_fill' || n, project_id, id, campaign_id, 'POINTS_ADDITION', 'API', $1::bigint, $1::bigint * n, '{}', now() FROM card, generate_series(1, $2::int) n
           RETURNING id, project_id, voucher_id, amount)
       INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, created_at)
       SELECT 'lopb_fill' || id, project_id, voucher_id, id, amount, amount, now() FROM posted`,
      [String(maxPoints), steps],
    );
    const rest = maxCardPoints - 3 - steps * maxPoints;
    await service.database.execute(`UPDATE vouchers SET points = $1::bigint, balance = $1::bigint WHERE code = 'FIX-BOB'`, [String(steps * maxPoints)]);
    expect((await adjust(rest)).status).toBe(200);
    expect(await ledgerOf('FIX-BOB')).toMatchObject({ points: String(maxCardPoints - 3), balance: String(maxCardPoints - 3) });

    const before = await databaseChecksum(service.database);
    for (const points of [4, maxPoints]) {
      const refused = await adjust(points);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ key: 'invalid_payload', details: expect.stringContaining('Property .points') });
    }
    expect((await adjust(maxPoints + 1)).body.details).toContain('Property .points');
    expect(await databaseChecksum(service.database)).toEqual(before);

    // At the limit, small moves stay exact: the answer, the stored totals, the ledger and the buckets agree.
    const answers: number[] = [];
    for (const points of [3, -1, -1, -3]) {
      const res = await adjust(points);
      expect(res.status, String(points)).toBe(200);
      answers.push(res.body.balance);
    }
    expect(answers).toEqual([maxCardPoints, maxCardPoints - 1, maxCardPoints - 2, maxCardPoints - 5]);
    // The limit is on lifetime points: spent points do not make room for more.
    expect((await adjust(1)).status).toBe(400);
    expect(await ledgerOf('FIX-BOB')).toEqual({ points: String(maxCardPoints), balance: String(maxCardPoints - 5), ledger: String(maxCardPoints - 5), buckets: String(maxCardPoints - 5) });
  });

  it('refuses rule points and adjustments above 10^12 naming the field', async () => {
    const fixed = service.project.ids.campaigns.get('Fixed Club') as string;
    const schema = service.project.ids.eventSchemas.get('app_review') as string;
    const rule = await service.call('POST', `/v1/loyalties/${fixed}/earning-rules`, { body: [{ event: 'app_review', custom_event: { schema_id: schema }, loyalty: { type: 'FIXED', points: maxPoints + 1 } }] });
    expect(rule.body).toMatchObject({ code: 400, details: expect.stringContaining('Property .0.loyalty.points') });
    expect((await adjust(-(maxPoints + 1))).body.details).toContain('Property .points');
  });
});
