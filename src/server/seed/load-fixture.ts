import { apiKeys, projectFixtures, projects } from '../../platform/db/schema';
import { forgetCachedApiKey } from '../db/repositories/api-keys';
import type { Database, Tx } from '../../platform/db/client';
import { pinFixture } from './pin-fixture';
import { newId } from '../../platform/ids';
import { hashSecret, newSecret } from '../../platform/secrets';
import { randomUUID } from 'node:crypto';
import { fixtureSchema, type Fixture, type FixtureInput } from './fixture-schema';
import { FixtureError, type SeedContext } from './seed-context';
import { loadCampaigns, loadCategories } from './sections/campaigns';
import { loadCustomers, loadGeneratedCustomers } from './sections/customers';
import { loadEarningRules } from './sections/earning-rules';
import { loadEventSchemas } from './sections/event-schemas';
import { loadLocations } from './sections/locations';
import { loadProducts, loadRewards } from './sections/rewards';
import { loadSegments } from './sections/segments';
import { loadTransactions } from './sections/transactions';
import { allocateLoyaltyTiers, loadLoyaltyTiers } from './sections/loyalty-tiers';
import { loadRecords } from './sections/records';

export interface LoadedProject {
  projectId: string;
  /** The key pairs, with secrets in clear: shown once, never stored in clear. */
  keys: { name: string; appId: string; appToken: string }[];
  ids: SeedContext['refs'];
}

/**
 * Statistics for tables a fixture filled in bulk. Until autovacuum gets round to them, the planner
 * guesses a handful of free cards and picks a campaign's next card by sorting all of them instead of
 * walking vouchers_free_idx (README, "Why the hot paths look the way they do").
 */
async function analyzeAfterBulkLoad(database: Database, fixture: Fixture): Promise<void> {
  const cards = fixture.campaigns.reduce((sum, c) => sum + c.generated_cards + c.cards.length, 0);
  const customers = fixture.customers.length + (fixture.generated_customers?.count ?? 0);
  if (cards >= 10_000) await database.execute('ANALYZE vouchers');
  if (customers >= 10_000) await database.execute('ANALYZE customers');
}

/**
 * A fixture's records into an existing project, in the caller's transaction (a new project, or one
 * a reset has emptied); its keys are the caller's business.
 */
export async function loadProjectData(tx: Tx, projectId: string, fixture: Fixture, now: Date, webhookSecrets?: Map<string, string>): Promise<SeedContext['refs']> {
  const seed: SeedContext = {
    tx,
    projectId,
    now,
    webhookSecrets,
    refs: { categories: new Map(), customers: new Map(), campaigns: new Map(), cards: new Map(), eventSchemas: new Map(), products: new Map(), rewards: new Map(), rewardAssignments: new Map(), earningRules: new Map(), loyaltyTiers: new Map() },
  };
  await loadCategories(seed, fixture.categories);
  await loadCustomers(seed, fixture.customers);
  await loadGeneratedCustomers(seed, fixture.generated_customers);
  await loadCampaigns(seed, fixture.campaigns);
  await loadTransactions(seed, fixture.transactions);
  await loadEventSchemas(seed, fixture.event_schemas);
  allocateLoyaltyTiers(seed, fixture.loyalty_tiers);
  await loadEarningRules(seed, fixture.earning_rules);
  await loadLocations(seed, fixture.locations);
  await loadSegments(seed, fixture.segments);
  await loadProducts(seed, fixture.products);
  await loadRewards(seed, fixture.rewards);
  await loadLoyaltyTiers(seed, fixture.loyalty_tiers);
  await loadRecords(seed, fixture.records);
  return seed.refs;
}

/** Validates a fixture and loads it as one new project, all or nothing. */
export async function loadFixture(database: Database, input: FixtureInput | unknown, now: Date = new Date()): Promise<LoadedProject> {
  const parsed = fixtureSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new FixtureError(`Invalid fixture:\n${lines.join('\n')}`);
  }
  const fixture = pinFixture(parsed.data);
  const projectId = fixture.project.id ?? newId('proj');
  const keys = fixture.api_keys.map((k) => ({ name: k.name, appId: k.id ?? randomUUID(), appToken: k.secret ?? newSecret(), ipAllowlist: k.ip_allowlist }));

  const refs = await database.db.transaction(async (tx) => {
    await tx.insert(projects).values({ id: projectId, name: fixture.project.name, createdAt: now });
    for (const k of keys) {
      await tx.insert(apiKeys).values({ id: k.appId, projectId, name: k.name, secretHash: hashSecret(k.appToken), ipAllowlist: k.ipAllowlist, createdAt: now });
    }
    await tx.insert(projectFixtures).values({ projectId, document: fixture, loadedAt: now });
    return loadProjectData(tx, projectId, fixture, now);
  });
  for (const k of keys) forgetCachedApiKey(k.appId);
  await analyzeAfterBulkLoad(database, fixture);
  return { projectId, keys: keys.map(({ name, appId, appToken }) => ({ name, appId, appToken })), ids: refs };
}
