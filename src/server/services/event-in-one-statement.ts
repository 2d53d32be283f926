import type { TrackEventRequest } from '../../contract/event';
import type { ServiceContext } from '../context';
import { violatedForeignKey } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { EventWritten, PlannedAccrual } from '../db/repositories/event-accruals';
import type { EventContext } from '../db/repositories/event-context';
import type { EventSchemaRow } from '../db/repositories/event-schemas';
import { presentTrackEventResponse } from '../presenters/event';
import { mapEarning } from '../domain/tier-policy';
import { tierStructureIdOf } from '../domain/tier-rules';
import { maxEarnedPoints } from '../domain/earning-effects';
import { cardCanEarn, customEventLabel, earn, earnedPoints, hasLimits, isLive, newEventRow } from './earn-points';
import type { TrackedEventResult } from './earn-points';
import { announceCredited, customerReferenceOnly, writeOnContext } from './event-contexts';

/**
 * The common event without a transaction: a customer who exists and whose profile the event does
 * not change (so no segment follows it), a card named in `loyalty.code` that the customer holds,
 * no trigger limit among the rules that may earn, a tiered card's tier row current (checked under
 * its lock; the earning then folded into it in the same statement), and no
 * sliding expiration involved (an event no rule counts as activity, earning no sliding points on
 * cards that hold none). One read (customer, segments, rules and cards,
 * no locks), the engine in memory, one write (the event and its accruals, the cards locked and
 * checked again, totals moved by what they earn), which commits on its own: two round trips, no
 * BEGIN or COMMIT, and under load the reads and the writes of parallel events each go together as
 * one statement (statement-batcher.ts). The read is remembered: the next event of the customer and
 * schema is the write alone, which checks the context's fingerprint and writes nothing when it
 * changed (the event then reads again). Undefined when the event is not of that kind; the
 * transaction in track-event.ts then takes it, with every error it may answer.
 */
export async function trackEventInOneStatement(ctx: ServiceContext, input: OneStatementInput): Promise<TrackedEventResult | undefined> {
  const { projectId, body, schema } = input;
  const customerRef = customerReferenceOnly(body.customer);
  if (!customerRef) return undefined;
  const query = { projectId, customer: customerRef, schemaId: schema?.id ?? null, eventType: body.event, namedCode: body.loyalty?.code };
  return writeOnContext(ctx, query, Boolean(schema && !body.loyalty), (context) => writeEvent(ctx, input, context));
}

interface OneStatementInput {
  projectId: string;
  body: TrackEventRequest;
  schema: EventSchemaRow | undefined;
  metadata: Record<string, unknown>;
  now: Date;
}

/** The engine on a context and the one-statement write; 'changed' when the context no longer held. */
async function writeEvent(ctx: ServiceContext, input: OneStatementInput, context: EventContext | undefined): Promise<TrackedEventResult | undefined | 'changed'> {
  const { projectId, body, schema, metadata, now } = input;
  if (!context || (body.loyalty && !context.namedCardHeld)) return undefined;
  // An event some rule counts as activity moves the holder's sliding points: the transaction locks their cards first.
  if (context.slidingActivity) return undefined;
  const { customer } = context;
  const event = newEventRow(projectId, customer.id, body, metadata, now);
  const planned: PlannedAccrual[] = [];
  if (schema) {
    const facts = { eventSchemaId: schema.id, eventMetadata: metadata, customerMetadata: customer.metadata, customerSegmentIds: context.segmentIds };
    for (const { rule, card } of context.pairs) {
      if (!cardCanEarn(card, now) || !isLive(rule, now)) continue;
      if (hasLimits(rule.triggerLimits as Parameters<typeof hasLimits>[0])) return undefined;
      // A member of a tiered program earns by the tier their row names, which the write checks under the
      // card's lock (current, that tier, room left). Without a tier row in the context, read again (a
      // remembered context may predate the row); still none: the transaction, which makes it.
      const memberTier = card.tiered ? card.memberTier : undefined;
      if (memberTier === null) return 'changed';
      const tierFacts = memberTier ? { tier: { structureId: tierStructureIdOf(card.campaignId), tierId: memberTier.id } } : {};
      const earned = mapEarning(earn(rule, { ...facts, ...tierFacts }, now), memberTier?.earningRules?.[rule.id]);
      const points = earnedPoints(earned);
      if (points === 0) continue;
      // A tier's multiplier may take an earning past what a card takes at once: the transaction answers that.
      if (points > maxEarnedPoints) return undefined;
      // Earning on a card with sliding points moves their last day, and sliding points make a card
      // such a card: the transaction does both under the card's lock, reading its buckets after it.
      if (card.slides || earned.some((b) => b.sliding)) return undefined;
      const labelled = customEventLabel(rule, schema, event.id);
      // The tier the member earned in, as the real API names it on the transaction.
      const details = memberTier?.id ? { ...labelled.details, holder_loyalty_tier: { id: memberTier.id, name: memberTier.name } } : labelled.details;
      const buckets = earned.filter((b) => b.points > 0).map((b) => ({ id: newId('lopb'), points: b.points, expiresOn: b.expiresOn }));
      const tier = memberTier ? { tier: { id: memberTier.id } } : {};
      planned.push({ cardId: card.id, ruleId: rule.id, transactionId: newId('vtx'), points, reason: labelled.reason, details, buckets, ...tier });
    }
  }
  const check = schema && context.fingerprint !== null ? { schemaId: schema.id, fingerprint: context.fingerprint } : undefined;
  let written: EventWritten;
  try {
    written = await ctx.eventWrites.run({ event, accruals: planned, check });
  } catch (error) {
    // The customer went between the read and the write: the transaction decides what that means.
    if (violatedForeignKey(error)) return undefined;
    throw error;
  }
  if (!written) return 'changed';
  if (written === 'source_id taken') return undefined;
  const accruals = announceCredited(ctx, projectId, context, planned, written.transactionIds, now);
  return { response: presentTrackEventResponse({ ...event, metadata: written.metadata }, customer), accruals };
}
