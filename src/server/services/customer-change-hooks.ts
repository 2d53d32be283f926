import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';

/**
 * Runs the context's hooks inside the transaction that changed the customer, so derived state commits
 * with it. The hooks are listed where the context is built (bootstrap.ts), so every process that
 * changes customers runs them, whichever routes it loads.
 */
export async function afterCustomerChange(ctx: ServiceContext, tx: Tx, projectId: string, customerId: string): Promise<void> {
  for (const hook of ctx.customerChangeHooks) await hook(ctx, tx, projectId, customerId);
}
