import type { FireableWebhookEvent } from '../../contract/webhook-fire';
import examples from './webhook-examples.json' with { type: 'json' };

/**
 * The `data` of a fired webhook (POST /_local/webhooks/fire): the contract's own example for the
 * event type (webhook-examples.json, from promotion/webhooks.json), with the project's real
 * objects put where it names them: the customer (and holder), the loyalty card, its program, the
 * program's tiers, the customer's latest order and the card's latest transaction. Every other
 * value stays the example's, so a payload is as realistic as the real API's own documentation.
 * Where the contract's schema contradicts its example, the example wins (README, "Webhooks").
 */

type Json = Record<string, unknown>;

/** The project's objects, already presented as the API shows them; any may be missing. */
export interface FiredWebhookSubjects {
  customer?: Json;
  card?: Json;
  campaign?: Json;
  /** The card's program's tiers, lowest first. */
  tiers: Json[];
  order?: Json;
  transaction?: Json;
}

const templates = examples as Record<string, Json>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects taken whole: a blend of two metadata or two point ranges (a tier's `points`, `config`) would say what neither does. */
const takenWhole = new Set(['metadata', 'points', 'config']);

/**
 * `target` with every property it has taken from `source` where `source` has it too; nested
 * objects alike, but those `takenWhole`. Properties only `source` has are left out, so the
 * example's shape (which its schema describes) is kept.
 */
function overlay(target: Json, source: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(target)) {
    if (!(key in source)) continue;
    out[key] = !takenWhole.has(key) && isObject(value) && isObject(source[key]) ? overlay(value, source[key]) : source[key];
  }
  return out;
}

/** Every string equal to one of `replacements`' keys, anywhere in `value`, replaced by its value. */
function replaceStrings(value: unknown, replacements: Map<string, string>): unknown {
  if (typeof value === 'string') return replacements.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, replacements));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, replacements)]));
  return value;
}

/** Example value → real value, for each identifying field both objects have as text. */
function mapFields(replacements: Map<string, string>, example: unknown, real: Json | undefined, fields: string[]): void {
  if (!isObject(example) || !real) return;
  for (const field of fields) {
    const from = example[field];
    const to = real[field];
    if (typeof from === 'string' && from !== '' && typeof to === 'string') replacements.set(from, to);
  }
}

const isCustomer = (value: unknown) => isObject(value) && value.object === 'customer';
const isLoyaltyCard = (voucher: unknown) => isObject(voucher) && voucher.type === 'LOYALTY_CARD';
const isLoyaltyProgram = (campaign: unknown, card: unknown) =>
  isObject(campaign) && (campaign.campaign_type === 'LOYALTY_PROGRAM' || (isObject(card) && campaign.id === card.campaign_id));

/** The tiers a tier event names: an upgrade from the lowest to the next, a downgrade back; otherwise the lowest. */
function tiersFor(type: string, tiers: Json[]): { loyalty_tier?: Json; loyalty_tier_from?: Json; loyalty_tier_to?: Json } {
  const [low, high = low] = tiers;
  if (!low) return {};
  if (type.endsWith('.downgraded')) return { loyalty_tier: low, loyalty_tier_from: high, loyalty_tier_to: low };
  return { loyalty_tier: type.endsWith('.upgraded') ? high : low, loyalty_tier_from: low, loyalty_tier_to: high };
}

export function firedWebhookData(type: FireableWebhookEvent, subjects: FiredWebhookSubjects): Json {
  const template = structuredClone(templates[type]);
  const card = isLoyaltyCard(template.voucher) ? subjects.card : undefined;
  const campaign = isLoyaltyProgram(template.campaign, template.voucher) || card ? subjects.campaign : undefined;
  const tiers = tiersFor(type, subjects.tiers);

  // The example's ids, codes and names of what is replaced, wherever else the example repeats them
  // (a transaction's voucher_id, an order's customer_id, a card's campaign name).
  const replacements = new Map<string, string>();
  for (const key of ['customer', 'holder']) if (isCustomer(template[key])) mapFields(replacements, template[key], subjects.customer, ['id', 'source_id']);
  mapFields(replacements, template.voucher, card, ['id', 'code', 'campaign_id', 'campaign']);
  mapFields(replacements, template.campaign, campaign, ['id', 'name']);
  for (const [key, tier] of Object.entries(tiers)) mapFields(replacements, template[key], tier, ['id', 'name', 'campaign_id']);
  if (subjects.order) mapFields(replacements, template.order, subjects.order, ['id', 'source_id']);
  const data = replaceStrings(template, replacements) as Json;

  const put = (key: string, real: Json | undefined) => {
    if (real && isObject(data[key])) data[key] = overlay(data[key] as Json, real);
  };
  // A `holder` is the customer in reward events, a redeemable holder (`rh_…`) in assignment events.
  for (const key of ['customer', 'holder']) if (isCustomer(template[key])) put(key, subjects.customer);
  put('voucher', card);
  put('campaign', campaign);
  for (const [key, tier] of Object.entries(tiers)) put(key, tier);
  put('order', subjects.order);
  if (card) put('transaction', subjects.transaction);
  if (card && isObject(data.balance) && isObject(card.loyalty_card) && typeof data.balance.balance === 'number') data.balance = { ...data.balance, balance: card.loyalty_card.balance };
  return data;
}
