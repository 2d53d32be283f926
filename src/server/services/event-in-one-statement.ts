import type { TrackEventRequest } from '../../contract/event';
import type { ServiceContext } from '../context';
import { violatedForeignKey } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { EventWritten, PlannedAccrual } from '../db/repositories/event-accruals';
import type { EventContext } from '../db/repositories/event-context';
import { LookupCache } from '../db/lookup-cache';
import { profileOf } from '../db/repositories/customers';
import type { EventSchemaRow } from '../db/repositories/event-schemas';
import { presentTrackEventResponse } from '../presenters/event';
import { cardCanEarn, customEventLabel, earn, hasLimits, isLive, newEventRow, type Accrual } from './earn-points';
import type { TrackedEventResult } from './earn-points';

/** The customer reference of an event that changes nothing about the customer: an id or a source id alone. */
function referenceOnly(reference: TrackEventRequest['customer']): { id: string } | { sourceId: string } | undefined {
  if (typeof reference === 'string') return reference.startsWith('cust_') ? { id: reference } : { sourceId: reference };
  if (Object.keys(profileOf(reference)).length > 0) return undefined;
  if (reference.id !== undefined) return { id: reference.id };
  return reference.source_id !== undefined ? { sourceId: reference.source_id } : undefined;
}

// Contexts read for earlier events, used again only when the write finds their fingerprint
// unchanged (event-context.ts), so how long they stay bounds memory, never staleness.
const rememberedContexts = new LookupCache<EventContext>(60_000);

/**
 * The common event without a transaction: a customer who exists and whose profile the event does
 * not change (so no segment follows it), a card named in `loyalty.code` that the customer holds,
 * no trigger limit among the rules that may earn, and no card in a program with loyalty tiers. One read (customer, segments, rules and cards,
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
  const customerRef = referenceOnly(body.customer);
  if (!customerRef) return undefined;
  const query = { projectId, customer: customerRef, schemaId: schema?.id ?? null, namedCode: body.loyalty?.code };
  const key = JSON.stringify(query);
  const read = () => ctx.eventReads.run(query);
  for (let tries = 0; tries < 2; tries++) {
    const context = await (schema && !body.loyalty ? rememberedContexts.get(key, read) : read());
    const outcome = await writeEvent(ctx, input, context);
    if (outcome !== 'changed') return outcome;
    rememberedContexts.forget(key);
  }
  return undefined;
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
  const { customer } = context;
  const event = newEventRow(projectId, customer.id, body, metadata, now);
  const planned: PlannedAccrual[] = [];
  if (schema) {
    const facts = { eventSchemaId: schema.id, eventMetadata: metadata, customerMetadata: customer.metadata, customerSegmentIds: context.segmentIds };
    for (const { rule, card } of context.pairs) {
      if (!cardCanEarn(card, now) || !isLive(rule, now)) continue;
      if (hasLimits(rule.triggerLimits as Parameters<typeof hasLimits>[0])) return undefined;
      // A member of a tiered program earns by their tier, caught up under the card's lock: the transaction's work.
      if (card.tiered) return undefined;
      const byExpiry = earn(rule, facts, now);
      const points = [...byExpiry.values()].reduce((a, b) => a + b, 0);
      if (points === 0) continue;
      const { reason, details } = customEventLabel(rule, schema, event.id);
      const buckets = [...byExpiry].filter(([, p]) => p > 0).map(([expiresOn, p]) => ({ id: newId('lopb'), points: p, expiresOn }));
      planned.push({ cardId: card.id, ruleId: rule.id, transactionId: newId('vtx'), points, reason, details, buckets });
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
  const credited = new Set(written.transactionIds);
  const codes = new Map(context.pairs.map(({ card }) => [card.id, card.code]));
  const creditedAccruals = planned.filter((a) => credited.has(a.transactionId));
  const campaigns = new Map(context.pairs.map(({ card }) => [card.id, card.campaignId]));
  ctx.cardChanges.committed(
    creditedAccruals.map((a) => ({ kind: 'POINTS_ACCRUAL', projectId, cardId: a.cardId, campaignId: campaigns.get(a.cardId) as string, points: a.points, transactionId: a.transactionId, at: now })),
  );
  const accruals: Accrual[] = creditedAccruals.map((a) => ({ cardId: a.cardId, cardCode: codes.get(a.cardId) as string, ruleId: a.ruleId, points: a.points, transactionId: a.transactionId }));
  return { response: presentTrackEventResponse({ ...event, metadata: written.metadata }, customer), accruals };
}
