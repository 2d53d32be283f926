// The one database schema, shared by PGlite and PostgreSQL. Every table carries project_id:
// it is the tenant boundary and the natural distribution column (docs/architecture.md, decisions).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AsyncActionType } from '../../contract/async-action';
import type { InjectedFault } from '../../contract/local-faults';
import type { SlidingExpiration } from '../../contract/earning-rule';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' });
type Json = Record<string, unknown>;
/**
 * The id of the transaction that wrote the row (its top-level xid as a number). Webhooks read the
 * ledger by it (server/services/webhook-dispatch.ts): a row whose xid is below the oldest running
 * transaction's can no longer be joined by one committing later with a smaller seq. Older rows
 * have none. BRIN-indexed: xids grow with the table, so the index costs next to nothing to keep.
 */
const writerXid = () => bigint('xid', { mode: 'number' }).default(sql`(pg_current_xact_id()::text::bigint)`);

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const apiKeys = pgTable('api_keys', {
  // The X-App-Id value; the secret (X-App-Token) is kept only as a SHA-256 hash.
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull().references(() => projects.id),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  status: text('status').$type<'ACTIVE' | 'BLOCKED' | 'DELETED'>().notNull().default('ACTIVE'),
  // CIDR blocks; empty means every address is allowed.
  ipAllowlist: jsonb('ip_allowlist').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    apiKeyId: text('api_key_id').notNull().references(() => apiKeys.id),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('oauth_tokens_hash_uq').on(t.tokenHash), index('oauth_tokens_project_idx').on(t.projectId, t.expiresAt)],
);

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull().references(() => projects.id),
  name: text('name').notNull(),
  hierarchy: integer('hierarchy').notNull().default(0),
  createdAt: createdAt(),
});

/** How an auto-update campaign makes a new card code when its pool is empty. */
export type CodeConfig = { pattern?: string; prefix?: string; postfix?: string; length?: number; charset?: string };

export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    name: text('name').notNull(),
    description: text('description'),
    campaignType: text('campaign_type').notNull().default('LOYALTY_PROGRAM'),
    type: text('type').$type<'AUTO_UPDATE' | 'STATIC'>().notNull(),
    codeConfig: jsonb('code_config').$type<CodeConfig>().notNull().default({}),
    categoryId: text('category_id').references(() => categories.id),
    // Defaults copied onto cards the campaign generates.
    voucherDefaults: jsonb('voucher_defaults').$type<Json>().notNull().default({}),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    // The program's own points expiration (an earning rule's points_expiration shape), for points
    // added by hand with expiration_type PROGRAM_RULES; null: such points never expire.
    pointsExpiration: jsonb('points_expiration').$type<Json | null>(),
    // How members qualify for the program's tiers and when a tier ends (contract LoyaltyTiersExpirationAll);
    // null: by balance, from the moment it is reached, until it drops.
    loyaltyTiersExpiration: jsonb('loyalty_tiers_expiration').$type<Json | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('campaigns_project_name_uq').on(t.projectId, t.name)],
);

export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    sourceId: text('source_id'),
    name: text('name'),
    description: text('description'),
    email: text('email'),
    phone: text('phone'),
    birthdate: text('birthdate'),
    birthday: text('birthday'),
    address: jsonb('address').$type<Record<string, string | null> | null>(),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Deleted (DELETE /v1/customers/{id}): gone from every customer read, its source id freed (moved
     * to `deleted_source_id`, so the same source id makes a new customer). The row stays: the
     * ledger, orders and events name it. Permanent deletion also erases the profile.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedSourceId: text('deleted_source_id'),
  },
  (t) => [
    uniqueIndex('customers_project_source_uq').on(t.projectId, t.sourceId),
    // The target of rows that name a customer and their project together (events): one check for both.
    uniqueIndex('customers_id_project_uq').on(t.id, t.projectId),
    // List Customers' filters and orders (GET /v1/customers): exact matches ignoring case, dates.
    index('customers_project_email_idx').on(t.projectId, sql`lower(${t.email})`),
    index('customers_project_name_idx').on(t.projectId, sql`lower(${t.name})`),
    index('customers_project_city_idx').on(t.projectId, sql`lower(${t.address}->>'city')`),
    index('customers_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('customers_project_updated_idx').on(t.projectId, t.updatedAt, t.id),
    // Member search (GET /v1/loyalties/members) finds customers by part of their email, name or source id: trigram
    // indexes answer ILIKE '%…%' without reading every customer (pg_trgm, on PGlite too; migration 0020).
    index('customers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_source_trgm_idx').using('gin', t.sourceId.op('gin_trgm_ops')),
  ],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    campaignId: text('campaign_id').notNull().references(() => campaigns.id),
    code: text('code').notNull(),
    type: text('type').notNull().default('LOYALTY_CARD'),
    categoryId: text('category_id').references(() => categories.id),
    active: boolean('active').notNull().default(true),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    expirationDate: timestamp('expiration_date', { withTimezone: true, mode: 'date' }),
    validityTimeframe: jsonb('validity_timeframe').$type<Json | null>(),
    validityDayOfWeek: jsonb('validity_day_of_week').$type<number[] | null>(),
    validityHours: jsonb('validity_hours').$type<Json | null>(),
    additionalInfo: text('additional_info'),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    holderId: text('holder_id').references(() => customers.id),
    publishCount: integer('publish_count').notNull().default(0),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    expiredPoints: bigint('expired_points', { mode: 'number' }).notNull().default(0),
    subtractedPoints: bigint('subtracted_points', { mode: 'number' }).notNull().default(0),
    pendingPoints: bigint('pending_points', { mode: 'number' }).notNull().default(0),
    redeemedPoints: bigint('redeemed_points', { mode: 'number' }).notNull().default(0),
    redeemedQuantity: integer('redeemed_quantity').notNull().default(0),
    redemptionQuantity: integer('redemption_quantity'),
    // The card holds (or held) points whose expiry slides with the member's activity (point_buckets.sliding): set with the
    // first such bucket, never cleared, so a write that sees it false under the card's lock knows no activity must move any.
    slides: boolean('slides').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_project_code_uq').on(t.projectId, t.code),
    // The publication picker scans unpublished cards of one campaign in creation order.
    index('vouchers_free_idx').on(t.campaignId, t.createdAt, t.id).where(sql`holder_id IS NULL`),
    index('vouchers_holder_idx').on(t.projectId, t.holderId),
    // Member search by part of a card code (see customers' trigram indexes).
    index('vouchers_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    // List Members: a program's cards in creation order, a page at a time (the default order of GET …/members).
    index('vouchers_campaign_created_idx').on(t.campaignId, t.createdAt, t.id),
    // The target of rows that name a card and its project together (card transactions, point buckets): one check for both.
    uniqueIndex('vouchers_id_project_uq').on(t.id, t.projectId),
    // A card's lifetime points, and its pending points, stay exact in every type end to end (maxCardPoints, README "Limits"):
    // every path that moves them, batched statements included, is held to it here.
    check('vouchers_points_limit', sql`points <= 1000000000000000 AND pending_points <= 1000000000000000`),
  ],
);

/**
 * How many cards a program holds, and how many of them are held by someone: List Members' `total`
 * without counting a million cards on every page (issue 31). Kept by triggers on `vouchers`
 * (migration 0023), so every writer of cards is counted alike, in its own statement; each backend
 * adds to its own `slot` (its pid modulo 16), so concurrent enrolments do not queue on one row. A
 * program's counts are the sums over its slots. No project_id: derived rows, rebuilt by the triggers
 * as cards are written (a reset or a restore writes the cards, and so the counts).
 */
export const campaignCardCounts = pgTable(
  'campaign_card_counts',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    cards: bigint('cards', { mode: 'number' }).notNull().default(0),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.slot] })],
);

export const publications = pgTable(
  'publications',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    campaignId: text('campaign_id').notNull().references(() => campaigns.id),
    voucherId: text('voucher_id').notNull().references(() => vouchers.id),
    customerId: text('customer_id').notNull().references(() => customers.id),
    trackingId: text('tracking_id'),
    sourceId: text('source_id'),
    channel: text('channel'),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    result: text('result').notNull().default('SUCCESS'),
    createdAt: createdAt(),
    xid: writerXid(),
  },
  (t) => [
    index('publications_xid_brin').using('brin', t.xid),
    // A customer joins a loyalty program once; the index makes that hold under concurrency.
    uniqueIndex('publications_join_once_uq').on(t.campaignId, t.customerId),
    uniqueIndex('publications_source_uq').on(t.projectId, t.sourceId),
    index('publications_voucher_idx').on(t.voucherId),
    index('publications_customer_idx').on(t.projectId, t.customerId),
  ],
);

export const cardTransactions = pgTable(
  'card_transactions',
  {
    // seq gives a total order for exports and "latest transactions" reads.
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    projectId: text('project_id').notNull(),
    voucherId: text('voucher_id').notNull(),
    campaignId: text('campaign_id').notNull().references(() => campaigns.id),
    // The rule whose accrual this is: its history is what trigger limits count (earning-rule-triggers.ts).
    earningRuleId: text('earning_rule_id').references(() => earningRules.id),
    type: text('type').notNull(),
    sourceId: text('source_id'),
    reason: text('reason'),
    source: text('source').notNull().default('API'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    details: jsonb('details').$type<Json>().notNull().default({}),
    relatedTransactionId: text('related_transaction_id'),
    createdAt: createdAt(),
    xid: writerXid(),
  },
  (t) => [
    uniqueIndex('card_transactions_id_uq').on(t.id),
    index('card_transactions_xid_brin').using('brin', t.xid),
    index('card_transactions_voucher_idx').on(t.voucherId, t.createdAt, t.seq),
    // A card's transactions in recording order, a page after a cursor (List Loyalty Card Transactions): without it a
    // deep page walks the primary key back through every card's rows (seconds at 10 M rows, issue 31).
    index('card_transactions_voucher_seq_idx').on(t.voucherId, t.seq),
    index('card_transactions_rule_idx').on(t.earningRuleId, t.voucherId, t.createdAt).where(sql`earning_rule_id IS NOT NULL`),
    // A manual change is reversed at most once: its reversal names it (related_transaction_id, details.reversal_of).
    uniqueIndex('card_transactions_reversal_uq').on(t.relatedTransactionId).where(sql`(details -> 'reversal_of') IS NOT NULL`),
    // The card and its project in one check, which also holds the project to the card's.
    foreignKey({ name: 'card_transactions_card_fk', columns: [t.voucherId, t.projectId], foreignColumns: [vouchers.id, vouchers.projectId] }),
  ],
);

/** Points earned by one accrual, with the date they expire; expiry consumes `remaining`. */
export const pointBuckets = pgTable(
  'point_buckets',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    voucherId: text('voucher_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    expiresOn: text('expires_on'),
    /** Sliding expiration: the earning rule's policy (its `sliding_expiration`), by which the member's activity moves `expires_on`; null: fixed. */
    sliding: jsonb('sliding').$type<SlidingExpiration | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The expiration job walks one due day's cards in id order (cardsDueOn), a page at a time.
    index('point_buckets_due_idx').on(t.expiresOn, t.voucherId).where(sql`remaining > 0 AND expires_on IS NOT NULL`),
    index('point_buckets_voucher_idx').on(t.voucherId),
    index('point_buckets_sliding_idx').on(t.voucherId).where(sql`remaining > 0 AND sliding IS NOT NULL`),
    foreignKey({ name: 'point_buckets_card_fk', columns: [t.voucherId, t.projectId], foreignColumns: [vouchers.id, vouchers.projectId] }),
  ],
);

/**
 * Event names some earning rule of the project lists as sliding expiration's custom activity, ever
 * (rows are only added: points keep the policy they were earned under after the rule changes). An
 * event of such a name moves points' expiry, so it takes the transaction that locks the holder's
 * cards (services/sliding-activity.ts), never the one-statement path.
 */
export const slidingActivityTypes = pgTable(
  'sliding_activity_types',
  {
    projectId: text('project_id').notNull().references(() => projects.id),
    eventType: text('event_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.eventType] })],
);

export const eventSchemas = pgTable(
  'event_schemas',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    name: text('name').notNull(),
    // property name → { type: 'string' | 'number' | 'boolean' | 'date' | 'object', required?: boolean }
    properties: jsonb('properties').$type<Record<string, { type: string; required?: boolean }>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('event_schemas_project_name_uq').on(t.projectId, t.name)],
);

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    customerId: text('customer_id').notNull(),
    type: text('type').notNull(),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    referral: jsonb('referral').$type<Json | null>(),
    loyalty: jsonb('loyalty').$type<Json | null>(),
    createdAt: createdAt(),
    xid: writerXid(),
  },
  (t) => [
    index('events_xid_brin').using('brin', t.xid),
    index('events_customer_idx').on(t.projectId, t.customerId, t.type),
    // The customer and its project in one check, which also holds the project to the customer's.
    foreignKey({ name: 'events_customer_fk', columns: [t.customerId, t.projectId], foreignColumns: [customers.id, customers.projectId] }),
  ],
);

export const earningRules = pgTable('earning_rules', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull().references(() => projects.id),
  name: text('name').notNull(),
  status: text('status').$type<'DRAFT' | 'ACTIVE' | 'INACTIVE' | 'DELETED'>().notNull(),
  trigger: jsonb('trigger').$type<Json>().notNull(),
  earnings: jsonb('earnings').$type<Json[]>().notNull(),
  validityHours: jsonb('validity_hours').$type<Json>().notNull(),
  /** Whole days (0 Sunday … 6 Saturday, UTC) the rule earns on, besides its hours; null: every day (v1 `validity_day_of_week`). */
  validityDayOfWeek: jsonb('validity_day_of_week').$type<number[] | null>(),
  startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
  endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
  triggerLimits: jsonb('trigger_limits').$type<Json | null>(),
  /** Order-paid rules only: how long earned points are held before they count (v1 `pending_points`, `{period_type: 'DAY', period_value}`); null: at once. */
  pendingPoints: jsonb('pending_points').$type<{ period_type: 'DAY'; period_value: number } | null>(),
  metadata: jsonb('metadata').$type<Json>().notNull().default({}),
  error: jsonb('error').$type<Json | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const earningRuleAssignments = pgTable(
  'earning_rule_assignments',
  {
    projectId: text('project_id').notNull().references(() => projects.id),
    earningRuleId: text('earning_rule_id').notNull().references(() => earningRules.id),
    campaignId: text('campaign_id').notNull().references(() => campaigns.id),
  },
  (t) => [primaryKey({ columns: [t.earningRuleId, t.campaignId] })],
);

export const segments = pgTable('segments', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull().references(() => projects.id),
  name: text('name').notNull(),
  type: text('type').$type<'static' | 'auto-update' | 'passive'>().notNull(),
  filter: jsonb('filter').$type<Json | null>(),
  initialSyncStatus: text('initial_sync_status').notNull().default('DONE'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const segmentMembers = pgTable(
  'segment_members',
  {
    segmentId: text('segment_id').notNull().references(() => segments.id),
    customerId: text('customer_id').notNull().references(() => customers.id),
    projectId: text('project_id').notNull().references(() => projects.id),
  },
  (t) => [primaryKey({ columns: [t.segmentId, t.customerId] }), index('segment_members_customer_idx').on(t.customerId)],
);

export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    name: text('name').notNull(),
    shape: jsonb('shape').$type<Json>().notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('locations_project_created_idx').on(t.projectId, t.createdAt)],
);

export const exports = pgTable(
  'exports',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    status: text('status').$type<'SCHEDULED' | 'IN_PROGRESS' | 'DONE' | 'ERROR'>().notNull(),
    channel: text('channel').notNull(),
    exportedObject: text('exported_object').notNull(),
    parameters: jsonb('parameters').$type<Json>().notNull(),
    result: jsonb('result').$type<Json | null>(),
    userId: text('user_id'),
    errorMessage: text('error_message'),
    fileKey: text('file_key'),
    downloadTokenHash: text('download_token_hash'),
    downloadTokenExpiresAt: timestamp('download_token_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('exports_project_created_idx').on(t.projectId, t.createdAt)],
);

/** Installation-wide values the service makes once (the key that seals asset ids). */
export const serviceSettings = pgTable('service_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Dashboard staff (signed in on the proxy). Installation-wide like service_settings, not tenant
 * data: one dashboard serves the one project whose keys its proxy holds, so no project_id.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: text('id').primaryKey(),
    // Stored lower-case so sign-in is case-insensitive and two accounts cannot differ by case.
    username: text('username').notNull(),
    role: text('role').$type<'marketing' | 'support'>().notNull(),
    // A KDF string (see proxy/auth/password-hash); null for the demo user, who cannot sign in by password.
    passwordHash: text('password_hash'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_users_username_uq').on(t.username)],
);

/** Signed-in dashboard sessions; the cookie value and the CSRF token are kept only as SHA-256 hashes. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    csrfHash: text('csrf_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/**
 * Request counters of the rate limiter's PostgreSQL store (RATE_LIMIT_STORE=postgres), for several
 * service processes sharing one database: one row per project and fixed one-minute window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    // Epoch milliseconds at which the window opened.
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// A project's clock under LOCAL_CONTROL (POST /_local/clock): how far ahead of real time the
// project's time runs. No row: real time. Read by every service process, so they agree.
export const projectClocks = pgTable('project_clocks', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Products a MATERIAL reward gives; `source_id` is the merchant's id, unique per project. */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    sourceId: text('source_id'),
    name: text('name'),
    // Unit price in cents.
    price: bigint('price', { mode: 'number' }),
    attributes: jsonb('attributes').$type<string[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_project_source_uq').on(t.projectId, t.sourceId), index('products_project_created_idx').on(t.projectId, t.createdAt)],
);

/**
 * A product's variant (the real API's SKU): order lines may name one by `sku_id`, and its price is
 * the line's unit price when the line gives none. Deleted with its product.
 */
export const skus = pgTable(
  'skus',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sourceId: text('source_id'),
    sku: text('sku'),
    // Unit price in cents.
    price: bigint('price', { mode: 'number' }),
    currency: text('currency'),
    attributes: jsonb('attributes').$type<Json>().notNull().default({}),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('skus_project_source_uq').on(t.projectId, t.sourceId), index('skus_product_created_idx').on(t.productId, t.createdAt, t.id)],
);

/**
 * What points buy. `parameters` is the reward's parameters as the API shows them; the product
 * (MATERIAL) and the target loyalty program (CAMPAIGN) are also columns, so they must exist.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    name: text('name').notNull(),
    type: text('type').$type<'CAMPAIGN' | 'COIN' | 'MATERIAL'>().notNull(),
    parameters: jsonb('parameters').$type<Json>().notNull(),
    productId: text('product_id').references(() => products.id),
    targetCampaignId: text('target_campaign_id').references(() => campaigns.id),
    // MATERIAL: how many are left (null = unlimited), counted down by each redemption. How many were
    // redeemed is counted from redemptions: a counter here would make every redemption of a popular
    // reward wait for the one before it to commit.
    stock: integer('stock'),
    attributes: jsonb('attributes').$type<Json>().notNull().default({}),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rewards_project_created_idx').on(t.projectId, t.createdAt)],
);

/** A reward offered by a loyalty program, at a price in points (null for pay-with-points). */
export const rewardAssignments = pgTable(
  'reward_assignments',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    rewardId: text('reward_id')
      .notNull()
      .references(() => rewards.id),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    points: bigint('points', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A program offers a reward once; the index makes that hold under concurrency (409 duplicate_found).
    uniqueIndex('reward_assignments_campaign_reward_uq').on(t.campaignId, t.rewardId),
    index('reward_assignments_reward_idx').on(t.rewardId),
  ],
);

/**
 * One reward redeemed with a card's points. The reward and assignment are kept as plain ids (they
 * may be deleted later; the card transaction keeps the reward's name); `order_data` is the order
 * as answered, for pay with points.
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    voucherId: text('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    rewardId: text('reward_id').notNull(),
    assignmentId: text('assignment_id').notNull(),
    rewardType: text('reward_type').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    transactionId: text('transaction_id').notNull(),
    orderData: jsonb('order_data').$type<Json | null>(),
    metadata: jsonb('metadata').$type<Json | null>(),
    trackingId: text('tracking_id'),
    // The card's buckets the points were taken from ([{id, taken}]), so a rollback returns them there; null before migration 0017.
    takenFrom: jsonb('taken_from').$type<{ id: string; taken: number }[] | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('redemptions_voucher_idx').on(t.voucherId, t.createdAt), index('redemptions_reward_idx').on(t.rewardId)],
);

/**
 * A redemption undone (POST /v1/redemptions/{id}/rollback): at most one per redemption, which the
 * unique index holds whatever runs in parallel; the card's POINTS_REFUND is `transaction_id`.
 */
export const redemptionRollbacks = pgTable(
  'redemption_rollbacks',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    redemptionId: text('redemption_id')
      .notNull()
      .references(() => redemptions.id),
    voucherId: text('voucher_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    reason: text('reason'),
    metadata: jsonb('metadata').$type<Json | null>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redemption_rollbacks_once_uq').on(t.redemptionId)],
);

/**
 * An order (/v1/orders). `items` are the lines as answered (computed amounts included); the
 * order's own amounts are columns so lists and exports read them without the lines. `paid_at` is
 * when it first became PAID: the order earned then, and never again (the row is locked while an
 * update decides that).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    sourceId: text('source_id'),
    status: text('status').$type<'CREATED' | 'PAID' | 'CANCELED' | 'FULFILLED'>().notNull(),
    customerId: text('customer_id').references(() => customers.id),
    referrerId: text('referrer_id').references(() => customers.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    itemsDiscountAmount: bigint('items_discount_amount', { mode: 'number' }).notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    items: jsonb('items').$type<Json[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_project_source_uq').on(t.projectId, t.sourceId),
    index('orders_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('orders_customer_idx').on(t.projectId, t.customerId, t.createdAt),
  ],
);

/**
 * Points an order earned and a rule holds back until `activates_on` (a UTC day). While PENDING
 * they count in the card's `pending_points`, never in its balance; activation writes a
 * PENDING_POINTS_ACTIVATION card transaction with their buckets (expiry counted from then),
 * cancellation only takes them off `pending_points`. `points_expiration` is the rule's, kept for
 * activation.
 */
export const pendingPoints = pgTable(
  'pending_points',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    voucherId: text('voucher_id').notNull(),
    campaignId: text('campaign_id').notNull().references(() => campaigns.id),
    customerId: text('customer_id').notNull().references(() => customers.id),
    orderId: text('order_id').references(() => orders.id),
    earningRuleId: text('earning_rule_id').references(() => earningRules.id),
    points: bigint('points', { mode: 'number' }).notNull(),
    activatesOn: text('activates_on').notNull(),
    status: text('status').$type<'PENDING' | 'ACTIVATED' | 'CANCELED'>().notNull().default('PENDING'),
    pointsExpiration: jsonb('points_expiration').$type<Json | null>(),
    details: jsonb('details').$type<Json>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'pending_points_card_fk', columns: [t.voucherId, t.projectId], foreignColumns: [vouchers.id, vouchers.projectId] }),
    index('pending_points_card_idx').on(t.voucherId, t.id).where(sql`status = 'PENDING'`),
    index('pending_points_campaign_idx').on(t.campaignId, t.id).where(sql`status = 'PENDING'`),
    index('pending_points_due_idx').on(t.activatesOn).where(sql`status = 'PENDING'`),
    index('pending_points_order_idx').on(t.orderId).where(sql`status = 'PENDING'`),
    // A rule's trigger history counts points it held pending too (earning-rule-triggers.ts).
    index('pending_points_rule_idx').on(t.earningRuleId, t.voucherId, t.createdAt),
  ],
);

/**
 * Management API key pairs (X-Management-Id / X-Management-Token), one project each: the webhook
 * configuration (/management/v1/projects/{projectId}/webhooks). The secret is kept only as a hash.
 */
export const managementKeys = pgTable('management_keys', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull().references(() => projects.id),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  status: text('status').$type<'ACTIVE' | 'DELETED'>().notNull().default('ACTIVE'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A webhook endpoint. `secret` signs every sendout (HMAC-SHA256), so it is kept as it is, never
 * answered after create or rotation and never logged. `failed_sendouts` counts sendouts that
 * failed for good in a row; at 12 the endpoint is set inactive.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    targetUrl: text('target_url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    active: boolean('active').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    secret: text('secret').notNull(),
    failedSendouts: integer('failed_sendouts').notNull().default(0),
    // The snapshot the endpoint was created in (pg_snapshot as text): what was committed before it
    // is not reported to it, whatever the order the dispatcher reads it in.
    createdSnapshot: text('created_snapshot').notNull().default(sql`(pg_current_snapshot()::text)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_project_idx').on(t.projectId, t.createdAt, t.id)],
);

/**
 * Changes that are no ledger row (orders, pending points added, adjusted or canceled), written in
 * the transaction of the change: what webhooks report of them (server/domain/webhook-events.ts).
 * `payload` is the subject as it was then.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    payload: jsonb('payload').$type<Json>().notNull(),
    createdAt: createdAt(),
    xid: writerXid(),
  },
  (t) => [index('webhook_outbox_xid_idx').on(t.xid, t.seq), index('webhook_outbox_subject_idx').on(t.subjectId)],
);

/**
 * How far webhooks have read each source (card_transactions, events, publications, webhook_outbox):
 * every row with a smaller xid, and those of `xid` up to `key`, have become sendouts.
 */
export const webhookCursors = pgTable('webhook_cursors', {
  source: text('source').primaryKey(),
  xid: bigint('xid', { mode: 'number' }).notNull(),
  key: text('key'),
});

/**
 * One event to one endpoint: its exact body (the envelope, whose ids never change across retries),
 * when it is due by the project's clock, how many attempts it took. A sender leases it (real time)
 * while it sends, so two processes never send it at once; a crashed sender's lease runs out and
 * the sendout is sent again (at least once).
 */
export const webhookSendouts = pgTable(
  'webhook_sendouts',
  {
    id: text('id').primaryKey(),
    // The order events were made in: one endpoint's due sendouts go out in it.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    projectId: text('project_id').notNull(),
    // No foreign keys here nor on the attempts: checking them cost about as much as the rest of
    // recording an attempt (bench:api); deleteWebhook deletes an endpoint's sendouts and attempts.
    webhookId: text('webhook_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'PENDING' | 'DELIVERED' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
    leaseToken: text('lease_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One event reaches one endpoint once: the id is made from both (sendoutIdOf), so the primary key holds it.
    index('webhook_sendouts_due_idx').on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index('webhook_sendouts_webhook_idx').on(t.webhookId, t.seq),
  ],
);

/** Each attempt at a sendout, as the endpoint's log shows it: the answer's status and its first 1 kB. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    webhookId: text('webhook_id').notNull(),
    sendoutId: text('sendout_id').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_webhook_idx').on(t.webhookId, t.seq), index('webhook_attempts_sendout_idx').on(t.sendoutId, t.seq)],
);

/**
 * A bulk request the API answers at once and a job carries out (GET /v1/async-actions/{id}); today
 * order imports (`ORDERS.IMPORT`). `payload` is the request as validated; `next_index` is the
 * first item not yet processed, moved in the same transaction as that item's writes, so a job cut
 * off at any point resumes exactly there (an item is never written twice, nor half). `failures`
 * lists the items refused, each `{source_id, reason}`. A project runs one action of a type at a
 * time (the unique index on the IN_PROGRESS one), the ENQUEUED ones after it in `seq` order (the
 * order they were requested; project clocks may move back, so not `created_at`). `processing_ms`
 * (real time) is set when it ends.
 */
export const asyncActions = pgTable(
  'async_actions',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    projectId: text('project_id').notNull().references(() => projects.id),
    type: text('type').$type<AsyncActionType>().notNull(),
    status: text('status').$type<'ENQUEUED' | 'IN_PROGRESS' | 'DONE' | 'FAILED'>().notNull(),
    requestId: text('request_id').notNull(),
    payload: jsonb('payload').$type<Json[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    nextIndex: integer('next_index').notNull().default(0),
    doneCount: integer('done_count').notNull().default(0),
    failures: jsonb('failures').$type<Json[]>().notNull().default([]),
    /** FAILED: why the job gave up. */
    errorMessage: text('error_message'),
    /** Real time processing started, for `processing_ms`. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    processingMs: integer('processing_ms'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('async_actions_one_running_uq').on(t.projectId, t.type).where(sql`status = 'IN_PROGRESS'`),
    index('async_actions_enqueued_idx').on(t.projectId, t.type, t.seq).where(sql`status = 'ENQUEUED'`),
  ],
);

/**
 * A loyalty program's tier: a range of qualifying points (`points_to` null: no upper bound; ranges
 * of one program never overlap) and its mappings, keyed by earning rule id and by reward
 * assignment id. Created in bulk, never changed or deleted (v1 has neither).
 */
export const loyaltyTiers = pgTable(
  'loyalty_tiers',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    name: text('name').notNull(),
    pointsFrom: bigint('points_from', { mode: 'number' }).notNull(),
    pointsTo: bigint('points_to', { mode: 'number' }),
    earningRules: jsonb('earning_rules').$type<Json>().notNull().default({}),
    rewards: jsonb('rewards').$type<Json>().notNull().default({}),
    metadata: jsonb('metadata').$type<Json>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('loyalty_tiers_campaign_idx').on(t.campaignId, t.pointsFrom)],
);

/**
 * A member's tier as the tier engine last folded it (domain/tier-engine.ts): the engine's state,
 * the last card transaction it counted (`last_seq`) and the next instant the clock alone may
 * change it (`next_check_at`, for the hourly job and clock moves). A cache of a function of the
 * ledger and the clock, caught up under this row's lock (services/member-tiers.ts).
 */
export const memberTiers = pgTable(
  'member_tiers',
  {
    voucherId: text('voucher_id').primaryKey(),
    projectId: text('project_id').notNull(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    tierId: text('tier_id').references(() => loyaltyTiers.id),
    since: timestamp('since', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    state: jsonb('state').$type<Json>().notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    /**
     * For the one-statement event path (docs/architecture.md, "Loyalty tiers"): the points the qualifying
     * value may still grow by before the rules could give another tier, the card's version (xmin) the
     * fold is current with, and how many tiers the program had; null until a catch-up sets them.
     */
    headroom: bigint('headroom', { mode: 'number' }),
    cardVersion: text('card_version'),
    tiersSeen: integer('tiers_seen'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'member_tiers_card_fk', columns: [t.voucherId, t.projectId], foreignColumns: [vouchers.id, vouchers.projectId] }),
    index('member_tiers_due_idx').on(t.nextCheckAt).where(sql`next_check_at IS NOT NULL`),
    index('member_tiers_campaign_idx').on(t.campaignId),
  ],
);

/** Each change of a member's tier the engine found, at the instant it happened: member activity (and webhooks) read these. */
export const memberTierChanges = pgTable(
  'member_tier_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    projectId: text('project_id').notNull(),
    voucherId: text('voucher_id').notNull(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    type: text('type').notNull(),
    tierFrom: text('tier_from').references(() => loyaltyTiers.id),
    tierTo: text('tier_to').references(() => loyaltyTiers.id),
    since: timestamp('since', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_tier_changes_id_uq').on(t.id),
    index('member_tier_changes_voucher_idx').on(t.voucherId, t.createdAt, t.seq),
    foreignKey({ name: 'member_tier_changes_card_fk', columns: [t.voucherId, t.projectId], foreignColumns: [vouchers.id, vouchers.projectId] }),
  ],
);

/**
 * The request log (GET /_local/requests, the dashboard's API log): the last REQUEST_LOG_SIZE
 * requests of each project, written in batches off the request's path (services/request-log-writer.ts),
 * in the database so every process sees every process's requests. Bodies are redacted and cut
 * (domain/request-log-entry.ts). No foreign key: a diagnostic row must never slow or fail the
 * batch it rides in, and pruning keeps each project to its last N rows.
 */
export const requestLog = pgTable(
  'request_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    requestId: text('request_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    query: text('query').notNull(),
    status: integer('status').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    authMethod: text('auth_method').notNull(),
    apiKeyId: text('api_key_id').notNull(),
    tokenId: text('token_id'),
    // The staff user the dashboard's proxy vouched for (X-Dashboard-User); null for the project's own systems.
    dashboardUserId: text('dashboard_user_id'),
    requestBody: text('request_body'),
    requestBodyTruncated: boolean('request_body_truncated').notNull(),
    responseBody: text('response_body'),
    responseBodyTruncated: boolean('response_body_truncated').notNull(),
    customerIds: text('customer_ids').array().notNull(),
    cardIds: text('card_ids').array().notNull(),
    // The row of the same batch that holds this row's answer, when it was the same long text (stored once).
    responseBodyIn: bigint('response_body_in', { mode: 'number' }),
    // The fault (/_local/faults) the request met, as the log shows it; null for a request served as usual.
    injectedFault: jsonb('injected_fault').$type<InjectedFault>(),
  },
  (t) => [index('request_log_project_idx').on(t.projectId, t.seq)],
);

/**
 * Faults a project's requests meet (/_local/faults, LOCAL_CONTROL=on). In the database so every
 * service process injects them (each reads them into memory every second, server/faults/fault-table.ts),
 * and so a fault for N requests meets N in all: `remaining` is taken down by one statement per
 * request that meets it. Deleted by a reset or restore, like the clock.
 */
export const localFaults = pgTable(
  'local_faults',
  {
    id: text('id').primaryKey(),
    // The order they were set in, which requests check them in (two set within one millisecond too).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id),
    method: text('method'),
    // The path template with its parameters unnamed (`/v1/loyalties/{}/members`); null: every operation.
    path: text('path'),
    status: integer('status'),
    latencyMs: integer('latency_ms'),
    drop: boolean('drop').notNull(),
    retryAfterSeconds: integer('retry_after_seconds'),
    times: integer('times'),
    remaining: integer('remaining'),
    probability: doublePrecision('probability').notNull(),
    // How the integrator wrote the path, as the list shows it.
    pathAsGiven: text('path_as_given'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('local_faults_project_idx').on(t.projectId, t.seq)],
);

/**
 * The fixture a project was loaded from, with every id it made pinned (seed/pin-fixture.ts) and
 * no key secret: POST /_local/reset loads it again, at the time it was first loaded.
 */
export const projectFixtures = pgTable('project_fixtures', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id),
  document: jsonb('document').$type<Json>().notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true, mode: 'date' }).notNull(),
});
