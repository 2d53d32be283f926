import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import type { ServiceConfig } from './config';
import { openDatabase, type Database } from '../platform/db/client';
import { createHash } from 'node:crypto';
import { loadAssetKey, loadDashboardUserKey } from './db/repositories/service-settings';
import type { ServiceContext } from './context';
import { createRateLimiter } from './rate-limit/create-rate-limiter';
import { enrollTogether } from './db/repositories/enrollment';
import { EnrollmentBatcher } from './services/enrollment-batcher';
import { refreshCustomerSegments } from './services/segment-membership';
import { recordEventsWithAccruals } from './db/repositories/event-accruals';
import { readEventContexts } from './db/repositories/event-context';
import { gatherTurnOf, StatementBatcher } from './services/statement-batcher';
import { addPointsTogether } from './db/repositories/point-additions';
import { readRedemptionContexts, recordRedemptionsIfUnchanged } from './db/repositories/redemptions-unlocked';
import { systemClock, type Clock } from '../platform/clock';
import { ProjectClock } from './clock/project-clock';
import { CardChanges } from './services/card-changes';
import { followCardChanges } from './services/member-tiers';
import { RequestLogWriter } from './services/request-log-writer';
import { insertRequestLog, pruneRequestLog } from './db/repositories/request-log';
import { RequestsInFlight } from './http/requests-in-flight';
import { FaultTable } from './faults/fault-table';

/** Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR). */
export async function openConfiguredDatabase(config: ServiceConfig): Promise<Database> {
  return config.databaseUrl ? openDatabase({ url: config.databaseUrl }) : openDatabase({ dataDir: config.dataDir });
}

/** DASHBOARD_USER_SECRET when the proxy and the service do not share a database; else a generated key they share through it. */
export async function dashboardUserKeyOf(database: Database, config: ServiceConfig): Promise<Buffer> {
  return config.dashboardUserSecret ? createHash('sha256').update(config.dashboardUserSecret).digest() : loadDashboardUserKey(database.db);
}

function requestLogWriter(database: Database, size: number): RequestLogWriter {
  return new RequestLogWriter(
    { insert: (records) => insertRequestLog(database.db, records), prune: (projectId, keep) => pruneRequestLog(database.db, projectId, keep) },
    { size, onError: (error) => console.error('Request log: entries could not be written:', error) },
  );
}

export async function createContext(database: Database, config: ServiceConfig, clock: Clock = systemClock): Promise<ServiceContext> {
  const gather = gatherTurnOf(database);
  const ctx: ServiceContext = {
    database,
    db: database.db,
    clock: new ProjectClock(clock, database.db, config.localControl === 'on'),
    config,
    assetKey: await loadAssetKey(database.db),
    dashboardUserKey: await dashboardUserKeyOf(database, config),
    rateLimiter: await createRateLimiter(config.rateLimit, database),
    enrollments: new EnrollmentBatcher((inputs) => enrollTogether(database.db, inputs), 1, gather),
    // A changed customer may enter or leave filter segments.
    customerChangeHooks: [refreshCustomerSegments],
    // Reads two at a time (they wait on nothing and commit nothing); writes one at a time, in larger groups.
    eventReads: new StatementBatcher((queries) => readEventContexts(database.db, queries), 2, undefined, gather),
    eventWrites: new StatementBatcher((writes) => recordEventsWithAccruals(database.db, writes), 1, undefined, gather),
    pointAdditions: new StatementBatcher((additions) => addPointsTogether(database.db, additions), 1, undefined, gather),
    redemptionReads: new StatementBatcher((queries) => readRedemptionContexts(database.db, queries), 2, undefined, gather),
    redemptionWrites: new StatementBatcher((writes) => recordRedemptionsIfUnchanged(database.db, writes), 1, undefined, gather),
    cardChanges: new CardChanges(),
    requestsInFlight: new RequestsInFlight(),
    requestLog: config.requestLogSize > 0 ? requestLogWriter(database, config.requestLogSize) : undefined,
    faults: config.localControl === 'on' ? new FaultTable(database.db) : undefined,
  };
  // Loyalty tiers follow every committed card change (services/member-tiers.ts).
  ctx.cardChanges.subscribe((changes) => followCardChanges(ctx, changes));
  return ctx;
}

export async function createService(database: Database, config: ServiceConfig, clock?: Clock, options?: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: ServiceContext }> {
  const ctx = await createContext(database, config, clock);
  return { app: await buildApp(ctx, options), ctx };
}
