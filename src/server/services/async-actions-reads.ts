import type { AsyncAction } from '../../contract/async-action';
import type { ServiceContext } from '../context';
import { findAsyncAction } from '../db/repositories/async-actions';
import { notFound } from '../lib/api-error';
import { presentAsyncAction } from '../presenters/async-action';

/** GET /v1/async-actions/{asyncActionId}: polled until DONE or FAILED. */
export async function getAsyncAction(ctx: ServiceContext, projectId: string, id: string): Promise<AsyncAction> {
  const row = await findAsyncAction(ctx.db, projectId, id);
  if (!row) throw notFound('async_action', id);
  return presentAsyncAction(row);
}
