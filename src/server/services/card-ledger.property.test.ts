import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { startTestService, type TestService } from '../../../test/support/service';
import { lockCards } from '../db/repositories/loyalty-cards';
import { pointBuckets, vouchers } from '../../platform/db/schema';
import { isDue } from '../domain/points-expiration';
import { takeSoonestExpiring, type Bucket } from '../domain/point-buckets';
import { addDays, toDateString, utcDateOf } from '../domain/utc-calendar';
import { ApiError } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { postToCard } from './card-postings';
import { expireDuePoints } from './expire-points';

type Op = { kind: 'accrue'; points: number; days: number | null } | { kind: 'remove'; points: number } | { kind: 'wait'; hours: number } | { kind: 'expire' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('accrue' as const), points: fc.integer({ min: 1, max: 50 }), days: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }) }),
  fc.record({ kind: fc.constant('remove' as const), points: fc.integer({ min: 1, max: 80 }) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 60 }) }),
  fc.constant({ kind: 'expire' as const }),
);

/** What the card should hold, kept by hand: buckets taken soonest-expiring first, due ones emptied by expiry. */
class Model {
  buckets: Bucket[] = [];
  expired = 0;
  subtracted = 0;
  points = 0;
  get balance() {
    return this.buckets.reduce((s, b) => s + b.remaining, 0);
  }
  accrue(id: string, points: number, expiresOn: string | null, at: Date) {
    this.points += points;
    this.buckets.push({ id, remaining: points, expiresOn, createdAt: at });
  }
  remove(points: number): boolean {
    if (points > this.balance) return false;
    for (const take of takeSoonestExpiring(this.buckets, points)) (this.buckets.find((b) => b.id === take.id) as Bucket).remaining -= take.taken;
    this.subtracted += points;
    return true;
  }
  expire(now: Date) {
    for (const b of this.buckets) {
      if (b.expiresOn && b.remaining > 0 && isDue(b.expiresOn, now)) {
        this.expired += b.remaining;
        b.remaining = 0;
      }
    }
  }
}

describe.each(testDatabases())('Card ledger under random accruals, removals and expiry runs (%s)', (kind) => {
  let service: TestService;
  let campaignId: string;

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture({ campaigns: [{ name: 'Ledger', type: 'STATIC' }] }));
    campaignId = service.project.ids.campaigns.get('Ledger') as string;
  });
  afterAll(() => service.close());

  it('keeps balance = points − expired − subtracted − redeemed ≥ 0, with buckets holding exactly the balance', async () => {
    let run = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        // Each run (shrinking included) starts on a new card, with its own stretch of time.
        run++;
        const cardId = newId('v');
        await service.database.db.insert(vouchers).values({ id: cardId, projectId: service.project.projectId, campaignId, code: `LEDGER-${run}-${cardId}`, createdAt: service.clock.now() });
        const model = new Model();
        service.clock.set(new Date(Date.UTC(2026, 0, 1) + run * 400 * 86_400_000));

        for (const step of ops) {
          const now = service.clock.now();
          if (step.kind === 'wait') service.clock.advance(step.hours * 3_600_000);
          if (step.kind === 'expire') {
            await expireDuePoints(service.ctx, now);
            model.expire(now);
          }
          if (step.kind === 'accrue' || step.kind === 'remove') {
            const expiresOn = step.kind === 'accrue' && step.days !== null ? toDateString(addDays(utcDateOf(now), step.days)) : null;
            const ok = model.balance >= (step.kind === 'remove' ? step.points : 0);
            const result = await service.ctx.db
              .transaction(async (tx) => {
                const [card] = await lockCards(tx, [cardId]);
                return postToCard(
                  tx,
                  card,
                  step.kind === 'accrue'
                    ? { type: 'POINTS_ACCRUAL', points: step.points, reason: null, source: 'API', buckets: [{ points: step.points, expiresOn }] }
                    : { type: 'POINTS_REMOVAL', points: step.points, reason: null, source: 'API' },
                  now,
                );
              })
              .catch((error: unknown) => error);
            if (step.kind === 'accrue') model.accrue(`b${model.buckets.length}`, step.points, expiresOn, now);
            else {
              expect(model.remove(step.points)).toBe(ok);
              if (!ok) expect((result as ApiError).key).toBe('loyalty_card_points_exceeded');
            }
            service.clock.advance(1);
          }

          const [card] = await service.database.db.select().from(vouchers).where(eq(vouchers.id, cardId));
          const buckets = await service.database.db.select().from(pointBuckets).where(eq(pointBuckets.voucherId, cardId));
          expect(card.balance).toBe(card.points - card.expiredPoints - card.subtractedPoints - card.redeemedPoints);
          expect(card.balance).toBeGreaterThanOrEqual(0);
          expect(buckets.reduce((s, b) => s + b.remaining, 0)).toBe(card.balance);
          expect({ points: card.points, expired: card.expiredPoints, subtracted: card.subtractedPoints, balance: card.balance }).toEqual({
            points: model.points,
            expired: model.expired,
            subtracted: model.subtracted,
            balance: model.balance,
          });
        }
        steps += ops.length;
      }),
      { numRuns: 40 },
    );
    // The property ran on real cards, not on early returns.
    expect(steps).toBeGreaterThan(40);
  });
});
