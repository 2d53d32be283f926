import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';

/**
 * Runs the context's hooks inside the transaction that changed the customer, so derived state commits
 * with it. The hooks are listed where the context is built (bootstrap.ts), so every process that
 * changes customers runs them, whichever routes it loads.
 */
export async function afterCustomerChange(ctx: ServiceContext, tx: Tx, projectId: string, customerId: string): Promise<void> {
  await afterCustomersChange(ctx, tx, projectId, [customerId]);
}

/** The same for a batch of customers (a CSV import's): a hook reads what it needs once for all of them. */
export async function afterCustomersChange(ctx: ServiceContext, tx: Tx, projectId: string, customerIds: readonly string[]): Promise<void> {
  if (customerIds.length === 0) return;
  for (const hook of ctx.customerChangeHooks) await hook(ctx, tx, projectId, customerIds);
}
