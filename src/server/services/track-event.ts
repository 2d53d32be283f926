import type { TrackEventRequest } from '../../contract/event';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import { resolveCustomer, type CustomerRow } from '../db/repositories/customers';
import { findEventSchemaByName } from '../db/repositories/event-schemas';
import { insertEvent } from '../db/repositories/events';
import { lockVoucherByCode, type VoucherRow } from '../db/repositories/vouchers';
import { metadataProblems } from '../domain/event-metadata';
import { ApiError, invalidPayload, notFound } from '../lib/api-error';
import { presentTrackEventResponse } from '../presenters/event';
import { afterCustomerChange } from './customer-change-hooks';
import { earnPointsForEvent, newEventRow, type TrackedEventResult } from './earn-points';
import { trackEventInOneStatement } from './event-in-one-statement';
import { slideOnCustomEvent } from './sliding-activity';

/** The card named in `loyalty.code`, locked; it must exist and belong to the event's customer. */
async function namedCardOf(tx: Tx, projectId: string, code: string, customer: CustomerRow): Promise<VoucherRow> {
  const card = await lockVoucherByCode(tx, projectId, code);
  if (!card) throw notFound('voucher', code, `Cannot find voucher with code ${code}`);
  if (card.holderId !== customer.id) {
    throw new ApiError(400, 'loyalty_card_not_held_by_customer', 'Loyalty card not held by customer', `Loyalty card ${code} is not held by customer ${customer.id}`, {
      id: card.id,
      type: 'voucher',
    });
  }
  return card;
}

/**
 * POST /v1/events: records a custom event for a customer (created when an unknown source id is
 * given), checks its metadata against the event's schema, and runs the earning engine, all in one
 * transaction: the event, the customer and every accrual commit together or not at all. The common
 * event (a known customer left as it is, no trigger limit to count) is one statement that commits
 * on its own (event-in-one-statement.ts); every other takes the transaction below.
 */
export async function trackEvent(ctx: ServiceContext, projectId: string, body: TrackEventRequest): Promise<TrackedEventResult> {
  const now = ctx.clock.now();
  const metadata = body.metadata ?? {};
  const schema = await findEventSchemaByName(ctx.db, projectId, body.event);
  if (schema) {
    const problems = metadataProblems(schema.properties, metadata);
    if (problems.length) throw invalidPayload(problems.join('; '));
  }
  const quick = await trackEventInOneStatement(ctx, { projectId, body, schema, metadata, now });
  if (quick) return quick;
  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const { customer, changed } = await resolveCustomer(tx, projectId, body.customer, now);
    const event = await insertEvent(tx, newEventRow(projectId, customer.id, body, metadata, now));
    // Before anything else locks the customer's cards: this may lock them all (sliding expiration).
    await slideOnCustomEvent(tx, { projectId, customerId: customer.id, eventType: event.type, at: now });
    // Segment changes may earn points on the customer's cards (customer.segment.entered rules), so
    // the named card is read and locked after them: the engine must start from its current totals.
    if (changed) await afterCustomerChange(ctx, tx, projectId, customer.id);
    const namedCard = body.loyalty ? await namedCardOf(tx, projectId, body.loyalty.code, customer) : undefined;
    const accruals = schema ? await earnPointsForEvent(ctx, tx, { projectId, event, schema, customer, namedCard, now }) : [];
    return { response: presentTrackEventResponse(event, customer), accruals };
  });
}
