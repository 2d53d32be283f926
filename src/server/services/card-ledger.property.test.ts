import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { startTestService, type TestService } from '../../../test/support/service';
import { lockCards } from '../db/repositories/loyalty-cards';
import { pointBuckets, vouchers } from '../../platform/db/schema';
import { holdPendingPoints } from '../db/repositories/pending-points';
import { registerSlidingActivityTypes } from '../db/repositories/sliding-activity';
import { expirationDateOf, isDue } from '../domain/points-expiration';
import { takeSoonestExpiring, type Bucket } from '../domain/point-buckets';
import { addDays, toDateString, utcDateOf } from '../domain/utc-calendar';
import { ApiError } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { adjustBalance } from './adjust-balance';
import { postToCard } from './card-postings';
import { expireDuePoints } from './expire-points';
import { redeemReward } from './redeem-reward';
import { trackEvent } from './track-event';
import { activateDuePendingPoints, activatePendingPoints, cancelPendingPoints } from './pending-points';

/** Reward prices in the fixture below, one reward each. */
const prices = [5, 20, 60] as const;

/** A sliding expiration of `days` days, counting the activities flagged (custom: a `visit` event). */
interface Slide {
  days: number;
  earning: boolean;
  spending: boolean;
  custom: boolean;
}

type Op =
  | { kind: 'accrue'; points: number; days: number | null; slide: Slide | null }
  | { kind: 'visit' }
  | { kind: 'remove'; points: number }
  | { kind: 'add'; points: number; days: number | null }
  | { kind: 'take'; points: number }
  | { kind: 'redeem'; price: (typeof prices)[number] }
  | { kind: 'wait'; hours: number }
  | { kind: 'expire' }
  | { kind: 'hold'; points: number; after: number; lasts: number | null }
  | { kind: 'activate'; nth: number }
  | { kind: 'cancel'; nth: number };

const days = fc.option(fc.integer({ min: 0, max: 4 }), { nil: null });
const slide = fc.option(fc.record({ days: fc.integer({ min: 1, max: 3 }), earning: fc.boolean(), spending: fc.boolean(), custom: fc.boolean() }), { nil: null });
const op: fc.Arbitrary<Op> = fc.oneof(
  // Earning (the engine's posting, some under sliding expiration) and the ledger's own removal.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('accrue' as const), points: fc.integer({ min: 1, max: 50 }), days, slide }) },
  // The holder's custom event that sliding expirations may count as activity.
  { weight: 2, arbitrary: fc.constant({ kind: 'visit' as const }) },
  fc.record({ kind: fc.constant('remove' as const), points: fc.integer({ min: 1, max: 80 }) }),
  // An agent's corrections through POST …/balance: added with a custom last day or never expiring, or taken.
  fc.record({ kind: fc.constant('add' as const), points: fc.integer({ min: 1, max: 50 }), days }),
  fc.record({ kind: fc.constant('take' as const), points: fc.integer({ min: 1, max: 80 }) }),
  // Reward redemptions through POST …/redemption.
  fc.record({ kind: fc.constant('redeem' as const), price: fc.constantFrom(...prices) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 60 }) }) },
  fc.constant({ kind: 'expire' as const }),
  // Points an order-paid rule holds pending `after` days (their expiry counted from activation),
  // activated or canceled by hand (the nth entry still pending), or activated by the hourly run.
  fc.record({ kind: fc.constant('hold' as const), points: fc.integer({ min: 1, max: 50 }), after: fc.integer({ min: 0, max: 3 }), lasts: days }),
  fc.record({ kind: fc.constant('activate' as const), nth: fc.nat(3) }),
  fc.record({ kind: fc.constant('cancel' as const), nth: fc.nat(3) }),
);

/** A points expiry of `days` days, or none. */
const lasting = (days: number | null) => (days === null ? { type: 'NO_EXPIRATION' as const } : { type: 'ROLLING_EXPIRATION' as const, rolling_expiration: { period: { unit: 'DAY' as const, value: Math.max(days, 1) } } });

/** The sliding expiration policy of a Slide (at least one activity counts: earning when none is flagged). */
const policyOf = (s: Slide) => ({
  earning_activity: s.earning || (!s.spending && !s.custom),
  spending_activity: s.spending,
  custom_activity: s.custom,
  custom_activity_types: s.custom ? ['visit'] : null,
  period: { unit: 'DAY' as const, value: s.days },
});

type Activity = 'earning' | 'spending' | 'custom';
type ModelBucket = Bucket & { slide?: { days: number; counts: Activity[] } };
const dayAfter = (now: Date, days: number) => toDateString(addDays(utcDateOf(now), days));

/** What the card should hold, kept by hand: buckets spent soonest-expiring first, due ones emptied by expiry, sliding ones moved by activity. */
class Model {
  buckets: ModelBucket[] = [];
  earned = 0;
  expired = 0;
  removed = 0;
  redeemed = 0;
  pending: { id: string; points: number; activatesOn: string; lasts: number | null }[] = [];
  get balance() {
    return this.buckets.reduce((s, b) => s + b.remaining, 0);
  }
  get pendingPoints() {
    return this.pending.reduce((s, p) => s + p.points, 0);
  }
  /** Pending points become points, in a bucket expiring by their rule's expiry counted from now. */
  activate(id: string, now: Date) {
    const entry = this.pending.find((p) => p.id === id) as Model['pending'][number];
    this.pending = this.pending.filter((p) => p !== entry);
    this.act('earning', now);
    this.add(`a${id}`, entry.points, expirationDateOf(lasting(entry.lasts), now), now);
  }
  add(id: string, points: number, expiresOn: string | null, at: Date, slide?: Slide) {
    this.earned += points;
    const policy = slide && policyOf(slide);
    const counts = policy && (['earning', 'spending', 'custom'] as const).filter((a) => policy[`${a}_activity`]);
    this.buckets.push({ id, remaining: points, expiresOn, createdAt: at, ...(slide && { slide: { days: slide.days, counts: counts as Activity[] } }) });
  }
  /** Activity moves the last day of the sliding buckets that count it and are not over yet to `days` after today. */
  act(activity: Activity, now: Date) {
    const today = toDateString(utcDateOf(now));
    for (const b of this.buckets) {
      if (!b.slide || b.remaining <= 0 || !b.slide.counts.includes(activity) || (b.expiresOn as string) < today) continue;
      const moved = dayAfter(now, b.slide.days);
      if (moved > (b.expiresOn as string)) b.expiresOn = moved;
    }
  }
  /** Spends `points` if the card holds them; whether it did. */
  spend(points: number, as: 'removed' | 'redeemed'): boolean {
    if (points > this.balance) return false;
    for (const take of takeSoonestExpiring(this.buckets, points)) (this.buckets.find((b) => b.id === take.id) as Bucket).remaining -= take.taken;
    this[as] += points;
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

describe.each(testDatabases())('Card ledger under random accruals, pending points, manual changes, redemptions and expiry runs (%s)', (kind) => {
  let service: TestService;
  let campaignId: string;
  let holderId: string;

  beforeAll(async () => {
    service = await startTestService(
      kind,
      baseFixture({
        campaigns: [{ name: 'Ledger', type: 'STATIC' }],
        products: [{ source_id: 'thing', name: 'Thing' }],
        rewards: prices.map((points) => ({ name: `Costs ${points}`, product: 'thing', assignments: [{ campaign: 'Ledger', points }] })),
      }),
    );
    campaignId = service.project.ids.campaigns.get('Ledger') as string;
    holderId = service.project.ids.customers.get('alice') as string;
    // As a rule counting `visit` events as activity would (earning-rules-write.ts).
    await registerSlidingActivityTypes(service.database.db, service.project.projectId, ['visit']);
  });
  afterAll(() => service.close());

  it('keeps balance = earned − expired − removed − redeemed ≥ 0, pending apart, with buckets holding exactly the balance and sliding last days as activity moved them', async () => {
    let run = 0;
    let steps = 0;
    const { projectId } = service.project;
    const caller = { projectId, apiKeyId: service.project.keys[0].appId };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        // Each run (shrinking included) starts on a new card held by Alice, with its own stretch of time.
        run++;
        const cardId = newId('v');
        const code = `LEDGER-${run}-${cardId}`;
        await service.database.db.insert(vouchers).values({ id: cardId, projectId, campaignId, code, holderId, createdAt: service.clock.now() });
        const model = new Model();
        service.clock.set(new Date(Date.UTC(2026, 0, 1) + run * 400 * 86_400_000));

        for (const step of ops) {
          const now = service.clock.now();
          const lastDay = 'days' in step && step.days !== null ? toDateString(addDays(utcDateOf(now), step.days)) : null;
          const attempt = (write: () => Promise<unknown>) => write().then(() => undefined, (error: unknown) => error as ApiError);
          let refused: ApiError | undefined;
          switch (step.kind) {
            case 'wait':
              service.clock.advance(step.hours * 3_600_000);
              break;
            case 'visit':
              await trackEvent(service.ctx, projectId, { event: 'visit', customer: { source_id: 'alice' } });
              model.act('custom', now);
              break;
            case 'expire':
              // As the hourly run: what is due activates, then what is due expires.
              await activateDuePendingPoints(service.ctx, now, projectId);
              for (const entry of model.pending.filter((p) => p.activatesOn <= toDateString(utcDateOf(now)))) model.activate(entry.id, now);
              await expireDuePoints(service.ctx, now);
              model.expire(now);
              break;
            case 'hold': {
              const activatesOn = toDateString(addDays(utcDateOf(now), step.after));
              const held = await service.ctx.cardChanges.transaction(service.ctx.db, async (tx) => {
                await lockCards(tx, [cardId]);
                return holdPendingPoints(tx, { id: newId('lopp'), projectId, voucherId: cardId, campaignId, customerId: holderId, points: step.points, activatesOn, pointsExpiration: lasting(step.lasts), createdAt: now });
              });
              model.pending.push({ id: held.id, points: step.points, activatesOn, lasts: step.lasts });
              break;
            }
            case 'activate':
            case 'cancel': {
              const entry = model.pending[step.nth];
              if (!entry) break;
              if (step.kind === 'activate') {
                await activatePendingPoints(service.ctx, projectId, code, entry.id, { source: 'API' });
                model.activate(entry.id, now);
              } else {
                await cancelPendingPoints(service.ctx, projectId, code, entry.id);
                model.pending = model.pending.filter((p) => p !== entry);
              }
              break;
            }
            case 'accrue':
            case 'remove':
              refused = await attempt(() =>
                service.ctx.cardChanges.transaction(service.ctx.db, async (tx) => {
                  const [card] = await lockCards(tx, [cardId]);
                  return postToCard(
                    tx,
                    card,
                    step.kind === 'accrue'
                      ? {
                          type: 'POINTS_ACCRUAL',
                          points: step.points,
                          reason: null,
                          source: 'API',
                          buckets: [step.slide ? { points: step.points, expiresOn: dayAfter(now, step.slide.days), sliding: policyOf(step.slide) } : { points: step.points, expiresOn: lastDay }],
                        }
                      : { type: 'POINTS_REMOVAL', points: step.points, reason: null, source: 'API' },
                    now,
                  );
                }),
              );
              break;
            case 'add':
              refused = await attempt(() =>
                adjustBalance(service.ctx, projectId, code, lastDay ? { points: step.points, expiration_type: 'CUSTOM_DATE', expiration_date: lastDay } : { points: step.points, expiration_type: 'NON_EXPIRING' }),
              );
              break;
            case 'take':
              refused = await attempt(() => adjustBalance(service.ctx, projectId, code, { points: -step.points }));
              break;
            case 'redeem':
              refused = await attempt(() => redeemReward(service.ctx, caller, code, { reward: { id: service.project.ids.rewards.get(`Costs ${step.price}`) as string } }));
              break;
          }
          if (step.kind === 'accrue' || step.kind === 'add') {
            expect(refused).toBeUndefined();
            if (step.kind === 'accrue') model.act('earning', now);
            const slid = step.kind === 'accrue' ? step.slide : null;
            model.add(`b${model.buckets.length}`, step.points, slid ? dayAfter(now, slid.days) : lastDay, now, slid ?? undefined);
          }
          if (step.kind === 'remove' || step.kind === 'take' || step.kind === 'redeem') {
            const points = step.kind === 'redeem' ? step.price : step.points;
            const spent = model.spend(points, step.kind === 'redeem' ? 'redeemed' : 'removed');
            expect(refused === undefined, `${step.kind} ${points} with ${model.balance} left`).toBe(spent);
            if (refused) expect(refused.key).toBe('loyalty_card_points_exceeded');
            if (spent && step.kind === 'redeem') model.act('spending', now);
          }
          if (step.kind !== 'wait' && step.kind !== 'expire') service.clock.advance(1);

          const [card] = await service.database.db.select().from(vouchers).where(eq(vouchers.id, cardId));
          const buckets = await service.database.db.select().from(pointBuckets).where(eq(pointBuckets.voucherId, cardId));
          expect(card.balance).toBe(card.points - card.expiredPoints - card.subtractedPoints - card.redeemedPoints);
          // Pending points never count in the balance until they activate.
          expect(card.pendingPoints).toBe(model.pendingPoints);
          expect(card.balance).toBeGreaterThanOrEqual(0);
          expect(buckets.reduce((s, b) => s + b.remaining, 0)).toBe(card.balance);
          // The points left by last day (and sliding policy) are the model's: sliding last days moved by exactly the activity that counts for them.
          // (Summed per day: buckets made in one step tie on day and time, and which of two alike gives a spend's points is the id's chance.)
          const byDay = (list: { remaining: number; expiresOn: string | null; policy: string }[]) => {
            const sums = new Map<string, number>();
            for (const b of list) if (b.remaining > 0) sums.set(`${b.expiresOn ?? 'never'} ${b.policy}`, (sums.get(`${b.expiresOn ?? 'never'} ${b.policy}`) ?? 0) + b.remaining);
            return Object.fromEntries([...sums].sort());
          };
          const stored = buckets.map((b) => {
            const p = b.sliding;
            const counts = p ? (['earning', 'spending', 'custom'] as const).filter((a) => p[`${a}_activity`]) : [];
            return { ...b, policy: p ? `${p.period.value}:${counts.join(',')}` : 'fixed' };
          });
          const modelled = model.buckets.map((b) => ({ ...b, policy: b.slide ? `${b.slide.days}:${b.slide.counts.join(',')}` : 'fixed' }));
          expect(byDay(stored)).toEqual(byDay(modelled));
          expect({ earned: card.points, expired: card.expiredPoints, removed: card.subtractedPoints, redeemed: card.redeemedPoints, balance: card.balance }).toEqual({
            earned: model.earned,
            expired: model.expired,
            removed: model.removed,
            redeemed: model.redeemed,
            balance: model.balance,
          });
        }
        steps += ops.length;
      }),
      { numRuns: 50 },
    );
    // The property ran on real cards, not on early returns.
    expect(steps).toBeGreaterThan(40);
  });
});
