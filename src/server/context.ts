import type { ServiceConfig } from './config';
import type { Database, Db, Tx } from '../platform/db/client';
import type { ProjectClock } from './clock/project-clock';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { EnrollmentBatcher } from './services/enrollment-batcher';
import type { StatementBatcher } from './services/statement-batcher';
import type { EventWrite, EventWritten } from './db/repositories/event-accruals';
import type { EventContext, EventContextQuery } from './db/repositories/event-context';
import type { AddedPoints, PointAddition } from './db/repositories/point-additions';
import type { RedemptionRow } from './db/repositories/redemption-context';
import type { RedemptionContextAtVersion, RedemptionQuery, UnlockedRedemption } from './db/repositories/redemptions-unlocked';
import type { RewardRow } from './db/repositories/rewards';
import type { CardChanges } from './services/card-changes';
import type { RequestLogWriter } from './services/request-log-writer';
import type { RequestsInFlight } from './http/requests-in-flight';
import type { FaultTable } from './faults/fault-table';

/** Everything a use-case needs from the outside world, built once per process (or per test). */
export interface ServiceContext {
  database: Database;
  db: Db;
  /** The time of the project in scope (see clock/project-clock); real time outside one. */
  clock: ProjectClock;
  config: ServiceConfig;
  /** Seals the ids in card asset URLs (see lib/asset-id). */
  assetKey: Buffer;
  /** Verifies X-Dashboard-User from the dashboard's proxy (see auth/dashboard-user). */
  dashboardUserKey: Buffer;
  /** Per-project request limit (X-Rate-Limit-* headers, 429). */
  rateLimiter: RateLimiter;
  /** Add Member's one-statement enrollments, run together under load (services/enrollment-batcher). */
  enrollments: EnrollmentBatcher;
  /** Run in the transaction of every customer change (services/customer-change-hooks). */
  customerChangeHooks: CustomerChangeHook[];
  /** Tracked events' reads and writes outside a transaction, each run together under load (services/statement-batcher). */
  eventReads: StatementBatcher<EventContextQuery, EventContext | undefined>;
  eventWrites: StatementBatcher<EventWrite, EventWritten>;
  /** Points added by hand, run together under load (db/repositories/point-additions). */
  pointAdditions: StatementBatcher<PointAddition, AddedPoints | undefined>;
  /** Redemptions' first reads and their writes without a lock, each run together under load (db/repositories/redemptions-unlocked). */
  redemptionReads: StatementBatcher<RedemptionQuery, RedemptionContextAtVersion | undefined>;
  redemptionWrites: StatementBatcher<UnlockedRedemption, { reward: RewardRow; redemption: RedemptionRow } | undefined>;
  /** Every change to a card, announced once committed: where tiers and webhooks plug in (services/card-changes). */
  cardChanges: CardChanges;
  /** The requests this process is answering, over time (http/requests-in-flight): its webhook child yields to them. */
  requestsInFlight: RequestsInFlight;
  /** The request log's writer (services/request-log-writer); absent with REQUEST_LOG=off. */
  requestLog?: RequestLogWriter;
  /** Every project's faults (/_local/faults), in memory; only with LOCAL_CONTROL=on (faults/fault-table). */
  faults?: FaultTable;
  /** This process's webhook sender, when it runs one (cli/start, cli/serve): woken by "send again". */
  webhooks?: { wake(): void };
}

/** What sending webhooks needs (services/webhook-*): all a webhook worker's own process builds (cli/webhook-worker-process). */
export type WebhookContext = Pick<ServiceContext, 'db' | 'clock' | 'config'>;

/** Keeps state derived from a customer (segment membership) current when the customer changes. */
/** Derived state following changed customers (one, or a batch of an import), in the transaction that changed them. */
export type CustomerChangeHook = (ctx: ServiceContext, tx: Tx, projectId: string, customerIds: readonly string[]) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext;
  }
}
