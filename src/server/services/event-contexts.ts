import type { CustomerReference } from '../../contract/customer';
import { LookupCache } from '../db/lookup-cache';
import { profileOf } from '../db/repositories/customers';
import type { EventContext, EventContextQuery } from '../db/repositories/event-context';
import type { ServiceContext } from '../context';
import type { PlannedAccrual } from '../db/repositories/event-accruals';
import type { Accrual } from './earn-points';

/**
 * A customer reference that changes nothing about the customer (an id or a source id alone), as the
 * context read takes it; undefined when it brings profile fields, which the transaction must write.
 */
export function customerReferenceOnly(reference: CustomerReference): { id: string } | { sourceId: string } | undefined {
  if (typeof reference === 'string') return reference.startsWith('cust_') ? { id: reference } : { sourceId: reference };
  if (Object.keys(profileOf(reference)).length > 0) return undefined;
  if (reference.id !== undefined) return { id: reference.id };
  return reference.source_id !== undefined ? { sourceId: reference.source_id } : undefined;
}

// Contexts read for earlier events and paid orders, used again only when the write finds their
// fingerprint unchanged (event-context.ts), so how long they stay bounds memory, never staleness.
const rememberedContexts = new LookupCache<EventContext>(60_000);

/** Drops every remembered context: a project's state was reset or replaced (services/reset-project). */
export function forgetEventContexts(): void {
  rememberedContexts.clear();
}

/**
 * Runs a one-statement write on the engine's context for `query` (event-context.ts): the one
 * remembered from an earlier read when `remember` (the write then checks its fingerprint), else
 * read now. When the write answers 'changed', the context is read again once; undefined after that
 * (the caller's transaction then takes the request).
 */
export async function writeOnContext<R>(ctx: ServiceContext, query: EventContextQuery, remember: boolean, write: (context: EventContext | undefined) => Promise<R | 'changed'>): Promise<R | undefined> {
  const key = JSON.stringify(query);
  const read = () => ctx.eventReads.run(query);
  for (let tries = 0; tries < 2; tries++) {
    const context = await (remember ? rememberedContexts.get(key, read) : read());
    const outcome = await write(context);
    if (outcome !== 'changed') return outcome;
    rememberedContexts.forget(key);
  }
  return undefined;
}

/**
 * The accruals a one-statement write credited (`transactionIds`; a card that no longer earned is
 * left out), announced as committed changes to their cards (card-changes.ts) and answered.
 */
export function announceCredited(ctx: ServiceContext, projectId: string, context: EventContext, planned: PlannedAccrual[], transactionIds: string[], now: Date): Accrual[] {
  const credited = new Set(transactionIds);
  const cards = new Map(context.pairs.map(({ card }) => [card.id, card]));
  const creditedAccruals = planned.filter((a) => credited.has(a.transactionId));
  ctx.cardChanges.committed(
    creditedAccruals.map((a) => ({
      kind: 'POINTS_ACCRUAL',
      projectId,
      cardId: a.cardId,
      campaignId: cards.get(a.cardId)?.campaignId as string,
      points: a.points,
      transactionId: a.transactionId,
      at: now,
      // Its tier row folded it in the same statement (event-accruals.ts): nothing for the tier listener to catch up.
      ...(a.tier && { tierFolded: true }),
    })),
  );
  return creditedAccruals.map((a) => ({ cardId: a.cardId, cardCode: cards.get(a.cardId)?.code as string, ruleId: a.ruleId, points: a.points, transactionId: a.transactionId }));
}
