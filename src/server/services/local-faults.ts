import { maxFaultsPerProject, type CreateFault, type Fault, type FaultList } from '../../contract/local-faults';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { countProjectFaults, deleteFault, deleteProjectFaults, insertFault, listProjectFaults, type FaultRow } from '../db/repositories/local-faults';
import { routeKeyOf } from '../domain/fault-route';
import { lockProject } from '../db/repositories/oauth-tokens';
import { ApiError, invalidPayloadAt, notFound } from '../lib/api-error';

/**
 * /_local/faults (LOCAL_CONTROL=on): a project's faults, set, listed and cleared. Each write
 * refreshes this process's fault table at once; other processes on the database read it within
 * a second (faults/fault-table.ts).
 */

function presentFault(row: FaultRow): Fault {
  return {
    id: row.id,
    object: 'fault',
    method: row.method,
    path: row.pathAsGiven,
    status: row.status,
    latency_ms: row.latencyMs,
    drop: row.drop,
    retry_after_seconds: row.retryAfterSeconds,
    times: row.times,
    remaining: row.remaining,
    probability: row.probability,
    created_at: row.createdAt.toISOString(),
  };
}

/** The operation a fault names must be one this service serves (a typo would never fire): 400 naming `path` or `method` otherwise. */
function assertServedOperation(served: readonly { method: string; url: string }[], method: string | undefined, path: string | undefined): void {
  if (path === undefined) return;
  const key = routeKeyOf(path);
  const methods = served.filter((route) => routeKeyOf(route.url) === key).map((route) => route.method);
  if (methods.length === 0) throw invalidPayloadAt(['path'], `names no operation of this service (${path}); write the path template as the API reference does, e.g. /v1/loyalties/{campaignId}/members`);
  if (method !== undefined && !methods.includes(method)) throw invalidPayloadAt(['method'], `${method} is not an operation of ${path}; it takes ${[...new Set(methods)].sort().join(', ')}`);
}

export async function createFault(ctx: ServiceContext, projectId: string, body: CreateFault, served: readonly { method: string; url: string }[]): Promise<Fault> {
  assertServedOperation(served, body.method, body.path);
  const row = await ctx.db.transaction(async (tx) => {
    // Serialized per project, so two parallel creates cannot pass the limit together.
    await lockProject(tx, projectId);
    const held = await countProjectFaults(tx, projectId);
    if (held >= maxFaultsPerProject) throw new ApiError(400, 'faults_limit_exceeded', 'Faults limit exceeded', `A project can hold at most ${maxFaultsPerProject} faults; it has ${held}: clear some first (DELETE /_local/faults)`);
    return insertFault(tx, {
      id: newId('flt'),
      projectId,
      method: body.method ?? null,
      path: body.path === undefined ? null : routeKeyOf(body.path),
      pathAsGiven: body.path ?? null,
      status: body.status ?? null,
      latencyMs: body.latency_ms ?? null,
      drop: body.drop ?? false,
      retryAfterSeconds: body.retry_after_seconds ?? null,
      times: body.times ?? null,
      remaining: body.times ?? null,
      probability: body.probability,
      createdAt: ctx.clock.realNow(),
    });
  });
  await ctx.faults?.refresh();
  return presentFault(row);
}

export async function listFaults(ctx: ServiceContext, projectId: string): Promise<FaultList> {
  const rows = await listProjectFaults(ctx.db, projectId);
  return { object: 'list', data_ref: 'data', data: rows.map(presentFault), total: rows.length };
}

export async function clearFaults(ctx: ServiceContext, projectId: string): Promise<void> {
  await deleteProjectFaults(ctx.db, projectId);
  await ctx.faults?.refresh();
}

export async function clearFault(ctx: ServiceContext, projectId: string, id: string): Promise<void> {
  if (!(await deleteFault(ctx.db, projectId, id))) throw notFound('fault', id);
  await ctx.faults?.refresh();
}
