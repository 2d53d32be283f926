import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { projectFixtures } from '../../../platform/db/schema';
import type { Fixture } from '../../seed/fixture-schema';

/**
 * Every table of a project's state, each before the tables it references, so deleting in this order
 * never trips a foreign key. Left alone: the project, its API keys, management keys and tokens,
 * webhook endpoints (how the integrator reaches it and is reached), the request log, the fixture
 * it was loaded from, and rate-limit counters.
 */
const stateTables = [
  'member_tier_changes',
  'member_tiers',
  'webhook_attempts',
  'webhook_sendouts',
  'webhook_outbox',
  'pending_points',
  'redemption_rollbacks',
  'redemptions',
  'point_buckets',
  'card_transactions',
  'publications',
  'events',
  'segment_members',
  'earning_rule_assignments',
  'reward_assignments',
  'rewards',
  'skus',
  'products',
  'loyalty_tiers',
  'orders',
  'exports',
  'async_actions',
  'vouchers',
  'campaigns',
  'categories',
  'segments',
  'customers',
  'earning_rules',
  'event_schemas',
  'sliding_activity_types',
  'locations',
  'project_clocks',
  'local_faults',
] as const;

/** Deletes a project's whole state (see `stateTables`), and with `webhooks` its endpoints too (a restore), in the caller's transaction. */
export async function deleteProjectState(tx: Tx, projectId: string, options: { webhooks?: boolean } = {}): Promise<void> {
  for (const table of stateTables) await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE project_id = ${projectId}`);
  if (options.webhooks) await tx.execute(sql`DELETE FROM webhooks WHERE project_id = ${projectId}`);
}

/** Tables of a project's rows that a reset keeps (the guard test checks stateTables and these cover every table with a project_id). */
export const keptByReset = ['projects', 'api_keys', 'oauth_tokens', 'management_keys', 'webhooks', 'request_log', 'project_fixtures', 'rate_limit_counters'] as const;

export const projectStateTables: readonly string[] = stateTables;

export async function findProjectFixture(tx: Tx, projectId: string): Promise<{ document: Fixture; loadedAt: Date } | undefined> {
  const [row] = await tx.select().from(projectFixtures).where(eq(projectFixtures.projectId, projectId));
  return row && { document: row.document as unknown as Fixture, loadedAt: row.loadedAt };
}
