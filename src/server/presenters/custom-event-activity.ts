import type { CustomerActivity } from '../../contract/customer-activity';
import type { CustomerRow } from '../db/repositories/customers';
import type { EventRow } from '../db/repositories/events';
import type { EventSchemaRow } from '../db/repositories/event-schemas';
import { simpleCustomer } from './simple-customer';

/** A custom event as customer activity (`customer.custom_event`), as the contract's EventCustomerCustomEvent. */
export function presentCustomEventActivity(customer: CustomerRow, event: EventRow, schema: EventSchemaRow | undefined): CustomerActivity {
  const who = { ...simpleCustomer(customer), object: 'customer' as const };
  return {
    id: event.id,
    type: 'customer.custom_event',
    data: {
      data: {
        event: { id: event.id, object: 'event', type: event.type, customer: who, referral: null, loyalty: null, metadata: event.metadata, created_at: event.createdAt.toISOString() },
        ...(schema && { event_schema: { id: schema.id, name: schema.name } }),
        customer: who,
        referral: null,
        loyalty: null,
      },
      event_source: { channel: 'API' },
    },
    created_at: event.createdAt.toISOString(),
    group_id: event.id,
  };
}
