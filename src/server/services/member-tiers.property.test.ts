import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { startTestService, type TestService } from '../../../test/support/service';
import { tierFixture } from '../../../test/support/tier-fixture';
import type { LoyaltyTiersExpiration } from '../../contract/loyalty-tier';
import { campaigns, memberTierChanges, memberTiers, vouchers } from '../../platform/db/schema';
import { tiersOfCampaign } from '../db/repositories/loyalty-tiers';
import { ledgerSince, tierHistoryStart } from '../db/repositories/member-tiers';
import { foldTier, initialTierState, type TierState } from '../domain/tier-engine';
import { tierPolicyOf } from '../domain/tier-policy';
import { expirePointsEverywhere } from './project-time';
import { tierRanges } from './member-tiers';

/** A program per tier policy, each with a pool of members (one per run), tiers Silver 100–299, Gold 300–799, Platinum 800+. */
const policies: Record<string, LoyaltyTiersExpiration> = {
  'By balance': { qualification_type: 'BALANCE' },
  'Quarter, kept a year': { qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'QUARTER', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'END_OF_NEXT_PERIOD' } },
  'Month, next month': { qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'MONTH', start_date: { type: 'NEXT_PERIOD' }, expiration_date: { type: 'END_OF_PERIOD' } },
  'Grace of a month': { qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM', extend: 'P1M', rounding: { type: 'MONTH', strategy: 'END' } } },
};
const programs = Object.keys(policies);
const runs = 20;
/** Members per program: every run takes a fresh one, shrinking a failure too (until they run out). */
const pool = 80;

function fixture() {
  const members = Array.from({ length: pool }, (_, i) => ({ source_id: `m${i}`, name: `Member ${i}` }));
  const base = tierFixture();
  return {
    ...base,
    customers: [...(base.customers ?? []), ...members],
    campaigns: [
      ...(base.campaigns ?? []),
      ...programs.map((name, p) => ({ name, type: 'STATIC' as const, loyalty_tiers_expiration: policies[name], cards: members.map((m, i) => ({ code: `P${p}-${i}`, holder: m.source_id })) })),
    ],
    earning_rules: (base.earning_rules ?? []).map((r) => ({ ...r, campaigns: [...(r.campaigns ?? []), ...programs] })),
    loyalty_tiers: [
      ...(base.loyalty_tiers ?? []),
      ...programs.flatMap((campaign) => [
        { campaign, name: 'Silver', points: { from: 100, to: 299 } },
        { campaign, name: 'Gold', points: { from: 300, to: 799 } },
        { campaign, name: 'Platinum', points: { from: 800 } },
      ]),
    ],
  };
}

type Op = { kind: 'earn' | 'add' | 'remove'; points: number } | { kind: 'wait'; days: number } | { kind: 'job' } | { kind: 'read' };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('add' as const), points: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('remove' as const), points: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 120 }) }),
  fc.constant({ kind: 'job' as const }),
  fc.constant({ kind: 'read' as const }),
);

/**
 * The stored tier is a cache of a function of the ledger and the clock: after each step of random
 * ledgers and clock moves (an earning, points added or taken through the one-statement paths, the
 * project clock moved, the hourly job, a read), caught up by whoever came first, the stored tier is
 * the tier the rules give now; and the stored fold equals the ledger folded in one go, with the
 * recorded tier changes the fold's.
 */
describe.each(testDatabases())('member tiers: stored = recomputed (%s)', (kind) => {
  let service: TestService;
  let run = 0;

  beforeAll(async () => {
    service = await startTestService(kind, fixture(), undefined, { localControl: 'on' });
    service.clock.set('2026-02-10T08:00:00.000Z');
  });
  afterAll(() => service.close());

  it('for random ledgers and clock moves, in every program', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...programs.keys()), fc.array(op, { minLength: 1, maxLength: 10 }), async (p, ops) => {
        if (run >= pool) return;
        const code = `P${p}-${run}`;
        const customer = `m${run}`;
        run += 1;
        const db = service.database.db;
        const [card] = await db.select().from(vouchers).where(eq(vouchers.code, code));
        const [program] = await db.select().from(campaigns).where(eq(campaigns.id, card.campaignId));
        const policy = tierPolicyOf(program.loyaltyTiersExpiration as LoyaltyTiersExpiration);
        const tiers = tierRanges(await tiersOfCampaign(db, card.campaignId));
        const recompute = async (to: number) => foldTier(initialTierState(((await tierHistoryStart(db, card.id)) as Date).getTime(), policy), policy, tiers, await ledgerSince(db, card.id, 0), to);
        /** After each step has done what it does (its announcements included), the stored tier is the tier now. */
        const current = async (step: Op) => {
          await service.ctx.cardChanges.settled();
          const [stored] = await db.select().from(memberTiers).where(eq(memberTiers.voucherId, card.id));
          const now = (await service.ctx.clock.nowOf(service.project.projectId)).getTime();
          const { state } = await recompute(now);
          const found = stored ? { tier: stored.tierId, since: stored.since?.getTime() ?? null, expires: stored.expiresAt?.getTime() ?? null } : { tier: null, since: null, expires: null };
          expect({ step, ...found }).toEqual({ step, tier: state.tier, since: state.since, expires: state.expires });
        };
        for (const step of ops) {
          if (step.kind === 'earn') await service.call('POST', '/v1/events', { body: { event: 'purchase', customer: { source_id: customer }, metadata: { amount: step.points }, loyalty: { code } } });
          else if (step.kind === 'add') await service.call('POST', `/v1/loyalties/members/${code}/balance`, { body: { points: step.points } });
          else if (step.kind === 'remove') await service.call('POST', `/v1/loyalties/members/${code}/balance`, { body: { points: -step.points } });
          else if (step.kind === 'wait') expect((await service.call('POST', '/_local/clock', { body: { advance_seconds: step.days * 86_400 } })).status).toBe(200);
          else if (step.kind === 'job') await expirePointsEverywhere(service.ctx);
          else expect((await service.call('GET', `/v1/loyalties/members/${code}/tiers`)).status).toBe(200);
          await current(step);
        }
        const [stored] = await db.select().from(memberTiers).where(eq(memberTiers.voucherId, card.id));
        if (!stored) return; // nothing caught it up (no change, no read, no job): checked above to be in no tier
        // The whole fold, as stored, and the tier changes recorded, each at its own instant.
        const state = stored.state as unknown as TierState;
        const whole = await recompute(state.asOf);
        expect(state).toEqual(whole.state);
        expect(stored.tierId).toBe(whole.state.tier);
        expect(stored.expiresAt?.getTime() ?? null).toBe(whole.state.expires);
        const recorded = await db.select().from(memberTierChanges).where(eq(memberTierChanges.voucherId, card.id)).orderBy(memberTierChanges.seq);
        expect(recorded.map((c) => [c.type, c.tierFrom, c.tierTo, c.createdAt.getTime(), c.expiresAt?.getTime() ?? null])).toEqual(
          whole.changes.map((c) => [c.type, c.from, c.to, c.at, c.expires]),
        );
      }),
      {
        numRuns: runs,
        // Each time rule once for sure: a tier that starts with the next month, a quarter's tier kept through the next, a grace that ends.
        examples: [
          [2, [{ kind: 'earn', points: 150 }, { kind: 'wait', days: 40 }, { kind: 'wait', days: 31 }]],
          [1, [{ kind: 'earn', points: 350 }, { kind: 'wait', days: 100 }, { kind: 'job' }, { kind: 'wait', days: 120 }, { kind: 'read' }]],
          [3, [{ kind: 'add', points: 350 }, { kind: 'remove', points: 100 }, { kind: 'wait', days: 45 }, { kind: 'earn', points: 5 }]],
        ],
      },
    );
  }, 240_000);
});
