import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../../test/support/databases';
import { spendFixture } from '../../../../test/support/spend-fixture';
import type { Database } from '../../../platform/db/client';
import { loadFixture } from '../../seed/load-fixture';
import { addPointsTogether, type PointAddition } from './point-additions';

const at = new Date('2026-06-01T12:00:00.000Z');
let sequence = 0;

describe.each(testDatabases())('addPointsTogether (%s)', (kind) => {
  let database: Database;
  let projectId: string;
  let fixedId: string;
  let autoId: string;
  const addition = (code: string, points: number, campaignId = fixedId): PointAddition => {
    const n = sequence++;
    return { projectId, code, campaignId, points, bucketId: `lopb_add${n}`, expiresOn: null, transactionId: `vtx_add${n}`, sourceId: null, reason: 'test', source: 'API', at };
  };
  const ledgerOf = async (code: string) =>
    (
      await database.execute<{ balance: number; points: number; buckets: number; transactions: string[] }>(
        `SELECT v.balance::int AS balance, v.points::int AS points,
           (SELECT coalesce(sum(remaining), 0)::int FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets,
           (SELECT coalesce(array_agg(t.balance::text ORDER BY t.seq), '{}') FROM card_transactions t WHERE t.voucher_id = v.id AND t.id LIKE 'vtx_add%') AS transactions
         FROM vouchers v WHERE v.code = $1`,
        [code],
      )
    )[0];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const project = await loadFixture(database, spendFixture());
    projectId = project.projectId;
    fixedId = project.ids.campaigns.get('Fixed Club') as string;
    autoId = project.ids.campaigns.get('Auto Club') as string;
  });
  afterAll(() => database.close());

  it('adds to whatever the cards hold, each transaction counting the additions before it on its card', async () => {
    const carol = await ledgerOf('FIX-CAROL');
    const dave = await ledgerOf('FIX-DAVE');
    const added = await addPointsTogether(database.db, [addition('FIX-CAROL', 5), addition('FIX-DAVE', 7), addition('FIX-CAROL', 10)]);
    expect(added.map((a) => a?.balance)).toEqual([carol.balance + 5, dave.balance + 7, carol.balance + 15]);
    expect(await ledgerOf('FIX-CAROL')).toMatchObject({ balance: carol.balance + 15, points: carol.points + 15, buckets: carol.balance + 15 });
    expect((await ledgerOf('FIX-CAROL')).transactions).toEqual([String(carol.balance + 5), String(carol.balance + 15)]);
  });

  it('writes nothing for a card of another program, an unknown code or a card without a holder', async () => {
    const carol = await ledgerOf('FIX-CAROL');
    const [elsewhere, unknown, unheld, counted] = await addPointsTogether(database.db, [
      addition('FIX-CAROL', 5, autoId),
      addition('NO-SUCH-CARD', 5),
      addition('FIX-001', 5),
      addition('FIX-CAROL', 1),
    ]);
    expect([elsewhere, unknown, unheld]).toEqual([undefined, undefined, undefined]);
    // The other program's addition counted nowhere: Carol's balance moved by 1 only.
    expect(counted?.balance).toBe(carol.balance + 1);
    expect(await ledgerOf('FIX-CAROL')).toMatchObject({ balance: carol.balance + 1, buckets: carol.balance + 1 });
  });
});
