import { z } from 'zod';
import { addressSchema } from '../../contract/customer';
import { standardMetadataResources } from '../../contract/metadata-schema';
import { v1DaysOfWeekSchema } from '../../contract/earning-rule-v1';
import { pointsExpirationSchema } from '../../contract/earning-rule';
import { loyaltyTiersExpirationSchema, tierMappingSchema } from '../../contract/loyalty-tier';
import { checkCardTotals } from './records/card-totals';
import { checkRecordReferences, recordsSchema } from './records/schema';

/**
 * The fixture format: one whole project. Records refer to each other by natural keys (campaign
 * name, card code, customer source_id, event schema name); ids are generated unless given.
 */
const json = z.record(z.string(), z.unknown());
const when = z.iso.datetime({ offset: true });

export const customerFixture = z.object({
  id: z.string().startsWith('cust_').optional(),
  source_id: z.string().min(1),
  name: z.string().optional(),
  description: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  birthdate: z.iso.date().optional(),
  address: addressSchema.optional(),
  metadata: json.default({}),
  created_at: when.optional(),
});

export const cardFixture = z.object({
  id: z.string().startsWith('v_').optional(),
  code: z.string().min(1),
  active: z.boolean().default(true),
  start_date: when.optional(),
  expiration_date: when.optional(),
  metadata: json.default({}),
  /** source_id of the customer the card is published to. */
  holder: z.string().optional(),
  created_at: when.optional(),
});

export const campaignFixture = z.object({
  id: z.string().startsWith('camp_').optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  type: z.enum(['STATIC', 'AUTO_UPDATE']),
  category: z.string().optional(),
  code_config: z.object({ pattern: z.string().optional(), prefix: z.string().optional(), postfix: z.string().optional(), length: z.number().int().min(4).max(64).optional(), charset: z.string().optional() }).default({}),
  metadata: json.default({}),
  /** How long points added by hand with expiration_type PROGRAM_RULES last (an earning's points_expiration); none: forever. */
  points_expiration: pointsExpirationSchema.refine((e) => e.type !== 'SLIDING_EXPIRATION', 'a program cannot slide its own expiry: SLIDING_EXPIRATION is for earning rules').optional(),
  /** How members qualify for the program's tiers and when a tier ends (the contract's shape); none: by balance, until it drops. */
  loyalty_tiers_expiration: loyaltyTiersExpirationSchema.optional(),
  cards: z.array(cardFixture).default([]),
  /** Extra cards with generated codes, to size a pool without listing every code. */
  generated_cards: z.number().int().min(0).max(1_000_000).default(0),
});

export const transactionFixture = z.object({
  id: z.string().startsWith('vtx_').optional(),
  card: z.string(),
  type: z.enum(['POINTS_ACCRUAL', 'POINTS_ADDITION', 'POINTS_REMOVAL', 'POINTS_EXPIRATION', 'POINTS_REDEMPTION', 'POINTS_REFUND', 'POINTS_TRANSFER_OUT', 'POINTS_TRANSFER_IN']),
  amount: z.number().int(),
  reason: z.string().optional(),
  source_id: z.string().optional(),
  details: json.optional(),
  created_at: when.optional(),
});

export const eventSchemaFixture = z.object({
  id: z.string().startsWith('ms_').optional(),
  // An event schema is the metadata schema of that name (GET /v1/metadata-schemas/{resource}): a standard resource's name would be two schemas.
  name: z.string().min(1).max(300).refine((name) => !(standardMetadataResources as readonly string[]).includes(name), 'is the name of a standard metadata schema (customer, order, …)'),
  properties: z.record(z.string(), z.object({ type: z.enum(['string', 'number', 'boolean', 'date', 'datetime', 'object']), required: z.boolean().optional() })).default({}),
});

export const earningRuleFixture = z.object({
  id: z.string().regex(/^lern_[a-f0-9]+$/).optional(),
  name: z.string().min(1).max(200),
  status: z.enum(['DRAFT', 'ACTIVE', 'INACTIVE', 'DELETED']).default('ACTIVE'),
  /** The rule's trigger; `custom_event.schema` may name an event schema instead of giving its schema_id. */
  trigger: json,
  earnings: z.array(json).min(1),
  validity_hours: json.default({ type: 'ANY_TIME' }),
  /** Whole days (0 Sunday … 6 Saturday, UTC) the rule earns on; absent: every day. */
  validity_day_of_week: v1DaysOfWeekSchema.nullable().optional(),
  start_date: when.nullable().optional(),
  end_date: when.nullable().optional(),
  trigger_limits: json.nullable().optional(),
  /** Order-paid rules only: points earned are held this many days before they count (the v1 rule's `pending_points`). */
  pending_points: z.strictObject({ period_type: z.literal('DAY'), period_value: z.number().int().min(1).max(90) }).nullable().optional(),
  metadata: json.default({}),
  /** Names of the loyalty campaigns the rule is assigned to. */
  campaigns: z.array(z.string()).default([]),
  created_at: when.optional(),
});

export const locationFixture = z.object({
  id: z.string().startsWith('loc_').optional(),
  name: z.string().min(1),
  shape: json,
  end_date: when.nullable().optional(),
  created_at: when.optional(),
  updated_at: when.nullable().optional(),
});

/**
 * Many look-alike customers in one line (bulk demo data, e2e, benchmarks): source ids
 * `<source_id_prefix>00001`…, and ids `<id_prefix>00001`… when id_prefix is given (else random).
 */
export const generatedCustomersFixture = z.object({
  count: z.number().int().min(1).max(1_000_000),
  source_id_prefix: z.string().min(1),
  id_prefix: z.string().regex(/^cust_[A-Za-z0-9]+$/).optional(),
  metadata: json.default({}),
  created_at: when.optional(),
});

export const segmentFixture = z.object({
  id: z.string().startsWith('seg_').optional(),
  name: z.string().min(1),
  type: z.enum(['static', 'auto-update', 'passive']),
  filter: json.nullable().optional(),
  /** For static segments: source_ids of the members. */
  customers: z.array(z.string()).default([]),
});

/** A product rewards can give; referred to by its source_id. */
export const productFixture = z.object({
  id: z.string().startsWith('prod_').optional(),
  source_id: z.string().min(1),
  name: z.string().min(1),
  /** Unit price in cents. */
  price: z.number().int().min(0).optional(),
  attributes: z.array(z.string()).default([]),
  metadata: json.default({}),
  image_url: z.string().optional(),
});

/**
 * A reward and the loyalty programs that offer it. Exactly one of `product` (MATERIAL: a product's
 * source_id), `coin` (pay with points) or `campaign` (CAMPAIGN: points added to the member's card
 * in that loyalty program, by name).
 */
export const rewardFixture = z
  .object({
    id: z.string().startsWith('rew_').optional(),
    name: z.string().min(1),
    product: z.string().optional(),
    /** MATERIAL only: items left; absent or null for unlimited. */
    stock: z.number().int().min(0).nullable().optional(),
    coin: z.object({ exchange_ratio: z.number().positive(), points_ratio: z.number().int().min(1).default(1) }).optional(),
    campaign: z.object({ name: z.string().min(1), balance: z.number().int().min(1) }).optional(),
    attributes: z.object({ image_url: z.string().optional(), description: z.string().optional() }).default({}),
    metadata: json.default({}),
    /** Programs (by name) offering the reward, at `points` each (left out for pay with points). */
    assignments: z.array(z.object({ campaign: z.string().min(1), points: z.number().int().min(1).optional() })).default([]),
  })
  .refine((r) => [r.product, r.coin, r.campaign].filter((x) => x !== undefined).length === 1, 'a reward needs exactly one of product, coin or campaign')
  .refine((r) => r.stock === undefined || r.stock === null || r.product !== undefined, 'stock applies only to product (MATERIAL) rewards')
  .refine((r) => r.assignments.every((a) => (r.coin !== undefined) === (a.points === undefined)), 'assignments of pay with points (coin) take no points; every other reward needs its points');

/**
 * A loyalty program's tier, as POST /v1/loyalties/{campaignId}/tiers takes it, except that the
 * program, and the earning rules and rewards its mappings name, are named (rule name, reward name).
 */
export const loyaltyTierFixture = z.object({
  id: z.string().startsWith('ltr_').optional(),
  campaign: z.string().min(1),
  name: z.string().min(1).max(200),
  points: z.strictObject({ from: z.number().int().min(0), to: z.number().int().min(0).nullable().optional() }),
  earning_rules: z.record(z.string(), tierMappingSchema).default({}),
  rewards: z.record(z.string(), tierMappingSchema).default({}),
  metadata: json.default({}),
});

export const fixtureSchema = z.object({
  project: z.object({ id: z.string().optional(), name: z.string().min(1) }),
  api_keys: z.array(z.object({ id: z.string().optional(), name: z.string().min(1), secret: z.string().min(16).optional(), ip_allowlist: z.array(z.string()).default([]) })).min(1),
  categories: z.array(z.object({ id: z.string().startsWith('cat_').optional(), name: z.string().min(1), hierarchy: z.number().int().default(0) })).default([]),
  customers: z.array(customerFixture).default([]),
  generated_customers: generatedCustomersFixture.optional(),
  campaigns: z.array(campaignFixture).default([]),
  transactions: z.array(transactionFixture).default([]),
  event_schemas: z.array(eventSchemaFixture).default([]),
  earning_rules: z.array(earningRuleFixture).default([]),
  locations: z.array(locationFixture).default([]),
  segments: z.array(segmentFixture).default([]),
  products: z.array(productFixture).default([]),
  rewards: z.array(rewardFixture).default([]),
  loyalty_tiers: z.array(loyaltyTierFixture).default([]),
  /**
   * The project's rows as stored, table by table (`records/tables.ts`): what GET /_local/snapshot
   * writes, so that ledgers, point buckets, pending points, orders, tiers and every id and date come
   * back exactly. Loaded after the sections above; a record may reference only other records.
   */
  records: recordsSchema.optional(),
}).superRefine((fixture, ctx) => {
  if (fixture.records) {
    checkRecordReferences(fixture.records, ctx);
    checkCardTotals(fixture.records, ctx);
  }
});

export type Fixture = z.infer<typeof fixtureSchema>;
export type FixtureInput = z.input<typeof fixtureSchema>;
