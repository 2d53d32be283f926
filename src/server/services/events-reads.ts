import type { TrackedEventList } from '../../contract/event';
import type { ServiceContext } from '../context';
import { findCustomer, findCustomerBySourceId } from '../db/repositories/customers';
import { findEvent, listCustomerEvents } from '../db/repositories/events';
import { invalidQueryAt, notFound } from '../lib/api-error';
import { presentTrackedEvent } from '../presenters/event';
import { cursorPage } from '../presenters/cursor-page';

/** GET /v1/events?customer=… (our extension): a customer's events, newest first. */
export async function listEventsOfCustomer(
  ctx: ServiceContext,
  projectId: string,
  query: { customer: string; limit: number; starting_after_id?: string },
): Promise<TrackedEventList> {
  const customer = query.customer.startsWith('cust_') ? await findCustomer(ctx.db, projectId, query.customer) : await findCustomerBySourceId(ctx.db, projectId, query.customer);
  if (!customer) throw notFound('customer', query.customer);
  const after = query.starting_after_id ? await findEvent(ctx.db, projectId, query.starting_after_id) : undefined;
  if (query.starting_after_id && (!after || after.customerId !== customer.id)) throw invalidQueryAt(['starting_after_id'], `no event ${query.starting_after_id} of this customer`);
  const rows = await listCustomerEvents(ctx.db, projectId, customer.id, { limit: query.limit + 1, after });
  const { page, paging } = cursorPage(rows, query.limit, (row) => row.id);
  return { object: 'list', data_ref: 'events', events: page.map(presentTrackedEvent), ...paging };
}

