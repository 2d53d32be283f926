import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';

type CustomerChangeHook = (ctx: ServiceContext, tx: Tx, projectId: string, customerId: string) => Promise<void>;

const hooks: CustomerChangeHook[] = [];

/** Areas that derive state from customers (segment membership) register here. */
export function onCustomerChange(hook: CustomerChangeHook): void {
  hooks.push(hook);
}

/** Runs inside the transaction that changed the customer, so derived state commits with it. */
export async function afterCustomerChange(ctx: ServiceContext, tx: Tx, projectId: string, customerId: string): Promise<void> {
  for (const hook of hooks) await hook(ctx, tx, projectId, customerId);
}
