import type { TrackEventRequest, TrackEventResponse } from '../../contract/event';
import { newId } from '../../platform/ids';
import type { Earning, EarningValidityHours, TriggerLimits } from '../../contract/earning-rule';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import type { CustomerRow } from '../db/repositories/customers';
import { findCustomer } from '../db/repositories/customers';
import { activeRulesForOrders, activeRulesForSchema, activeRulesForSegments, type EarningRuleRow, type RuleWithCampaigns } from '../db/repositories/earning-rules';
import type { OrderRow } from '../db/repositories/orders';
import { holdPendingPoints } from '../db/repositories/pending-points';
import { triggerHistory } from '../db/repositories/earning-rule-triggers';
import type { EventSchemaRow } from '../db/repositories/event-schemas';
import type { NewEventRow } from '../db/repositories/events';
import { lockHeldCards } from '../db/repositories/loyalty-cards';
import { segmentIdsOfCustomer } from '../db/repositories/segment-memberships';
import type { VoucherRow } from '../db/repositories/vouchers';
import { EarnedPointsTooLarge, effectExpiration, effectPoints, maxEarnedPoints, type OrderFacts } from '../domain/earning-effects';
import { ApiError, invalidPayload, invalidPayloadAt } from '../lib/api-error';
import { addDays, toDateString, utcDateOf } from '../domain/utc-calendar';
import { ruleIsLive } from '../domain/earning-rule-window';
import { bucketExpiryOf, type BucketExpiry } from '../domain/points-expiration';
import { rulesAskForSegments, rulesHold, type RuleFacts } from '../domain/rule-conditions';
import { checkTriggerLimits, frequencyWindow } from '../domain/trigger-limits';
import { postToCard } from './card-postings';
import { recordCardChange } from './card-changes';
import { mapEarning } from '../domain/tier-policy';
import { tierRulesHold, tierStructureIdOf } from '../domain/tier-rules';
import { tiersOfLockedCards } from './member-tiers';

export interface Accrual {
  cardId: string;
  cardCode: string;
  ruleId: string;
  points: number;
  /** The card transaction, or for points held pending the pending-points entry. */
  transactionId: string;
  /** Held pending until this day (UTC) instead of added now. */
  pendingUntil?: string;
}

/** The event row a tracked event records, whichever path (one statement or the transaction) writes it. */
export function newEventRow(projectId: string, customerId: string, body: TrackEventRequest, metadata: Record<string, unknown>, now: Date): NewEventRow {
  return { id: newId('evcus'), projectId, customerId, type: body.event, metadata, referral: body.referral ?? null, loyalty: body.loyalty ?? null, createdAt: now };
}

/** What tracking one event did: the answer, and the points it earned on each card. */
export interface TrackedEventResult {
  response: TrackEventResponse;
  accruals: Accrual[];
}

/** A card earns only while it is active and inside its start/expiration dates. */
export function cardCanEarn(card: Pick<VoucherRow, 'active' | 'startDate' | 'expirationDate'>, now: Date): boolean {
  if (!card.active) return false;
  if (card.startDate && now < card.startDate) return false;
  if (card.expirationDate && now > card.expirationDate) return false;
  return true;
}

/** Whether the rule's trigger history matters: a cooldown or a frequency limit. */
export function hasLimits(limits: TriggerLimits | null): boolean {
  return limits?.cooldown?.type === 'FIXED_COOLDOWN' || limits?.frequency?.type === 'LIMITED';
}

export function isLive(rule: Pick<EarningRuleRow, 'status' | 'startDate' | 'endDate' | 'validityHours' | 'validityDayOfWeek'>, now: Date): boolean {
  return ruleIsLive(
    { status: rule.status, startDate: rule.startDate, endDate: rule.endDate, validityHours: rule.validityHours as EarningValidityHours, validityDayOfWeek: rule.validityDayOfWeek },
    now,
  );
}

/** The fact that made an effect earn too much, as the field of the request that brought it. */
function tooManyPoints(error: EarnedPointsTooLarge): ApiError {
  return invalidPayloadAt(error.source.split('.'), `earns more than ${maxEarnedPoints} points at once, the most a card takes (README, "Limits")`);
}

/** Points earned that expire alike: one bucket. */
export type EarnedBucket = BucketExpiry & { points: number };

/**
 * Points of every earning whose rules hold, split by how they expire (the day, and the sliding
 * policy that moves it). A fact so large that it would earn more than a card takes at once is
 * refused (400 naming it), whichever path the event, order or segment entry came by.
 */
export function earn(rule: Pick<EarningRuleRow, 'earnings'>, facts: RuleFacts, now: Date): EarnedBucket[] {
  const byExpiry = new Map<string, EarnedBucket>();
  for (const earning of rule.earnings as unknown as Earning[]) {
    if (!tierRulesHold(earning.tier_rules, facts.tier) || !rulesHold(earning.rules, facts)) continue;
    for (const effect of earning.effects) {
      let points: number;
      try {
        points = effectPoints(effect, facts);
      } catch (error) {
        throw error instanceof EarnedPointsTooLarge ? tooManyPoints(error) : error;
      }
      if (points <= 0) continue;
      const expiry = bucketExpiryOf(effectExpiration(effect), now);
      const key = JSON.stringify([expiry.expiresOn, expiry.sliding]);
      const bucket = byExpiry.get(key);
      if (bucket) bucket.points += points;
      else byExpiry.set(key, { ...expiry, points });
    }
  }
  return [...byExpiry.values()];
}

export const earnedPoints = (buckets: readonly EarnedBucket[]) => buckets.reduce((sum, b) => sum + b.points, 0);

/** Segments are read only when some earning's rules ask for them: most rules look at the event alone. */
async function segmentsIfAsked(tx: Tx, rules: RuleWithCampaigns[], customerId: string): Promise<string[]> {
  const asked = rules.some(({ rule }) => (rule.earnings as unknown as Earning[]).some((e) => rulesAskForSegments(e.rules)));
  return asked ? segmentIdsOfCustomer(tx, customerId) : [];
}

/** What one firing of the engine knows: the live rules, the locked cards, the facts, and how to label a posting. */
interface Occasion {
  rules: RuleWithCampaigns[];
  cards: VoucherRow[];
  facts: RuleFacts;
  label(rule: EarningRuleRow): { reason: string; details: Record<string, unknown> };
  now: Date;
  /** For an order: what a rule with pending points holds back names (the order, the customer). */
  pending?: { orderId: string; customerId: string };
}

/** The day points held `days` days from `now` activate. */
export function activationDay(now: Date, days: number): string {
  return toDateString(addDays(utcDateOf(now), days));
}

/**
 * Applies each live rule to each card of a program it is assigned to: trigger limits first, then
 * the earnings whose rules hold. Each rule that earns on a card writes one POINTS_ACCRUAL
 * transaction naming the rule (the history its trigger limits count) and its point buckets.
 */
async function applyRules(tx: Tx, occasion: Occasion): Promise<Accrual[]> {
  const { rules, facts, now } = occasion;
  const accruals: Accrual[] = [];
  // A tiered member earns by the tier they are in as the occasion comes (a rule's tier mapping), caught up under the card's lock.
  const tiers = await tiersOfLockedCards(tx, occasion.cards, now);
  for (let card of occasion.cards) {
    if (!cardCanEarn(card, now)) continue;
    for (const { rule, campaignIds } of rules) {
      if (!campaignIds.includes(card.campaignId)) continue;
      const limits = rule.triggerLimits as TriggerLimits | null;
      if (hasLimits(limits)) {
        const window = frequencyWindow(limits, now);
        const verdict = checkTriggerLimits(limits, await triggerHistory(tx, rule.id, card.id, window?.since ?? null, now), now);
        if (!verdict.allowed) continue;
      }
      const tier = tiers.get(card.id);
      const earned = mapEarning(earn(rule, { ...facts, tier: { structureId: tierStructureIdOf(card.campaignId), tierId: tier?.tier.id ?? null } }, now), tier?.earningRules[rule.id]);
      const points = earnedPoints(earned);
      if (points === 0) continue;
      // A tier's multiplier may take an earning past what a card takes at once (README, "Limits").
      if (points > maxEarnedPoints) throw invalidPayload(`earning rule ${rule.id} would earn ${points} points at once for the member's tier, more than ${maxEarnedPoints}`);
      const labelled = occasion.label(rule);
      const reason = labelled.reason;
      // The tier the member earned in, as the real API names it on the transaction and on pending points.
      const details = tier ? { ...labelled.details, holder_loyalty_tier: { id: tier.tier.id, name: tier.tier.name } } : labelled.details;
      if (occasion.pending && rule.pendingPoints) {
        const held = await holdPendingPoints(tx, {
          id: newId('lopp'),
          projectId: card.projectId,
          voucherId: card.id,
          campaignId: card.campaignId,
          customerId: occasion.pending.customerId,
          orderId: occasion.pending.orderId,
          earningRuleId: rule.id,
          points,
          activatesOn: activationDay(now, rule.pendingPoints.period_value),
          pointsExpiration: ruleExpiration(rule),
          details,
          createdAt: now,
        });
        recordCardChange({ kind: 'PENDING_POINTS_ADDED', projectId: card.projectId, cardId: card.id, campaignId: card.campaignId, points, pendingPointsId: held.id, at: now });
        card = { ...card, pendingPoints: card.pendingPoints + points };
        accruals.push({ cardId: card.id, cardCode: card.code, ruleId: rule.id, points, transactionId: held.id, pendingUntil: held.activatesOn });
        continue;
      }
      const posted = await postToCard(
        tx,
        card,
        { type: 'POINTS_ACCRUAL', points, reason, source: 'API', details, earningRuleId: rule.id, buckets: earned },
        now,
      );
      card = posted.card;
      accruals.push({ cardId: card.id, cardCode: card.code, ruleId: rule.id, points, transactionId: posted.transaction.id });
    }
  }
  return accruals;
}

/** The expiry of the points a rule earns, kept with points held pending for when they activate (its first effect's: v1 rules have one). */
function ruleExpiration(rule: Pick<EarningRuleRow, 'earnings'>): Record<string, unknown> | null {
  const [effect] = (rule.earnings as unknown as Earning[]).flatMap((e) => e.effects);
  return (effect && (effectExpiration(effect) as Record<string, unknown> | null)) ?? null;
}

/** How an accrual for a custom event names its cause: the reason and details of its card transaction. */
export function customEventLabel(rule: Pick<EarningRuleRow, 'id' | 'name'>, schema: EventSchemaRow, eventId: string): { reason: string; details: Record<string, unknown> } {
  return {
    reason: `Earning rule '${rule.name}' for custom event '${schema.name}'`,
    details: {
      event: { id: eventId, type: 'customer.custom_event' },
      custom_event: { id: eventId, type: schema.name },
      event_schema: { id: schema.id, name: schema.name },
      earning_rule: { id: rule.id, source: { banner: rule.name } },
    },
  };
}

/**
 * The engine for a custom event: applies the ACTIVE earning rules that the event's schema triggers
 * to the customer's cards (the named one, else every card in a program the rule is assigned to).
 * Runs inside the event's transaction; cards are locked first, so concurrent events on one card
 * are serialized and trigger limits are counted on committed history.
 */
export async function earnPointsForEvent(
  _ctx: ServiceContext,
  tx: Tx,
  input: { projectId: string; event: NewEventRow; schema: EventSchemaRow; customer: CustomerRow; namedCard?: VoucherRow; now: Date },
): Promise<Accrual[]> {
  const { projectId, event, schema, customer, namedCard, now } = input;
  const rules = (await activeRulesForSchema(tx, projectId, schema.id, namedCard ? [namedCard.campaignId] : undefined)).filter(({ rule }) => isLive(rule, now));
  if (rules.length === 0) return [];
  const campaigns = [...new Set(rules.flatMap((r) => r.campaignIds))];
  const cards = namedCard ? [namedCard] : await lockHeldCards(tx, projectId, customer.id, campaigns);
  return applyRules(tx, {
    rules,
    cards,
    now,
    facts: { eventSchemaId: schema.id, eventMetadata: event.metadata, customerMetadata: customer.metadata, customerSegmentIds: await segmentsIfAsked(tx, rules, customer.id) },
    label: (rule) => customEventLabel(rule, schema, event.id),
  });
}

export interface SegmentEntry {
  segment: { id: string; name: string };
  /** The customer.segment.entered event recorded for it. */
  eventId: string;
}

/**
 * The engine for customers entering auto-update segments: applies the ACTIVE rules triggered by
 * those segments to the customer's cards in the programs each rule is assigned to. Runs inside the
 * transaction that changed the customer (the one recording the entered events).
 */
export async function earnPointsForSegmentEntries(tx: Tx, input: { projectId: string; customerId: string; entries: SegmentEntry[]; now: Date }): Promise<Accrual[]> {
  const { projectId, customerId, entries, now } = input;
  const all = (await activeRulesForSegments(tx, projectId, entries.map((e) => e.segment.id))).filter(({ rule }) => isLive(rule, now));
  if (all.length === 0) return [];
  const customer = await findCustomer(tx, projectId, customerId);
  if (!customer) return [];
  const cards = await lockHeldCards(tx, projectId, customerId, [...new Set(all.flatMap((r) => r.campaignIds))]);
  const entryOf = new Map(entries.map((entry) => [entry.segment.id, entry]));
  return applyRules(tx, {
    rules: all,
    cards,
    now,
    facts: { eventSchemaId: null, eventMetadata: {}, customerMetadata: customer.metadata, customerSegmentIds: await segmentsIfAsked(tx, all, customerId) },
    label: (rule) => {
      // Each rule names one segment, one of those entered (that is how it was selected).
      const entry = entryOf.get((rule.trigger as { segment: { id: string } }).segment.id) as SegmentEntry;
      return {
        reason: `Earning rule '${rule.name}' for entering segment '${entry.segment.name}'`,
        details: {
          event: { id: entry.eventId, type: 'customer.segment.entered' },
          segment: { id: entry.segment.id, name: entry.segment.name },
          earning_rule: { id: rule.id, source: { banner: rule.name } },
        },
      };
    },
  });
}

/** How an accrual for a paid order names its cause: the reason and details of its card transaction (or pending entry). */
export function orderPaidLabel(rule: Pick<EarningRuleRow, 'id' | 'name'>, order: Pick<OrderRow, 'id' | 'sourceId'>, eventId: string): { reason: string; details: Record<string, unknown> } {
  return {
    reason: `Earning rule '${rule.name}' for order ${order.sourceId ?? order.id}`,
    details: {
      event: { id: eventId, type: 'customer.order.paid' },
      order: { id: order.id, source_id: order.sourceId },
      earning_rule: { id: rule.id, source: { banner: rule.name } },
    },
  };
}

/** The facts an order-paid rule counts, from an order as stored. */
export function orderFactsOf(order: OrderRow): OrderFacts {
  const items = order.items as unknown as { product_id?: string; quantity: number; amount: number; subtotal_amount: number }[];
  return {
    id: order.id,
    amount: order.amount,
    totalAmount: order.totalAmount,
    metadata: order.metadata,
    items: items.map((item) => ({ productId: item.product_id ?? null, quantity: item.quantity, amount: item.amount, subtotalAmount: item.subtotal_amount })),
  };
}

/**
 * The engine for an order that has just become PAID: applies the ACTIVE customer.order.paid rules
 * to the customer's cards in the programs each rule is assigned to, counting the order's amounts,
 * metadata and lines. A rule with pending points holds what it earns until its day comes
 * (pending-points.ts activates them); the others add it now. Runs inside the transaction that
 * marked the order paid (which it does once: orders.ts), with the customer's cards locked.
 */
export async function earnPointsForOrder(tx: Tx, input: { projectId: string; customer: CustomerRow; order: OrderRow; eventId: string; now: Date }): Promise<Accrual[]> {
  const { projectId, customer, order, eventId, now } = input;
  const rules = (await activeRulesForOrders(tx, projectId)).filter(({ rule }) => isLive(rule, now));
  if (rules.length === 0) return [];
  const cards = await lockHeldCards(tx, projectId, customer.id, [...new Set(rules.flatMap((r) => r.campaignIds))]);
  return applyRules(tx, {
    rules,
    cards,
    now,
    facts: { eventSchemaId: null, eventMetadata: {}, customerMetadata: customer.metadata, customerSegmentIds: await segmentsIfAsked(tx, rules, customer.id), order: orderFactsOf(order) },
    label: (rule) => orderPaidLabel(rule, order, eventId),
    pending: { orderId: order.id, customerId: customer.id },
  });
}
