import type { Tx } from '../../platform/db/client';

/** What the section loaders share while one fixture loads in one transaction. */
export interface SeedContext {
  tx: Tx;
  projectId: string;
  now: Date;
  refs: {
    categories: Map<string, string>;
    customers: Map<string, string>;
    campaigns: Map<string, string>;
    cards: Map<string, { id: string; campaignId: string }>;
    eventSchemas: Map<string, string>;
    /** Product source_id → id. */
    products: Map<string, string>;
    /** Reward name → id. */
    rewards: Map<string, string>;
    /** `<reward name>@<campaign name>` → reward assignment id. */
    rewardAssignments: Map<string, string>;
    /** Earning rule name → id. */
    earningRules: Map<string, string>;
    /** `<tier name>@<campaign name>` → loyalty tier id, allocated before the rules that name them load. */
    loyaltyTiers: Map<string, string>;
  };
  /** Signing secrets of the project's webhook endpoints before a restore replaced them: an endpoint restored with its id keeps its secret. */
  webhookSecrets?: Map<string, string>;
}

/** A fixture record refers to something that is not in the fixture, or takes what is another project's; `path` names it when known. */
export class FixtureError extends Error {
  constructor(
    message: string,
    readonly path?: (string | number)[],
  ) {
    super(message);
  }
}

export function ref(map: Map<string, string>, kind: string, key: string, where: string): string {
  const id = map.get(key);
  if (!id) throw new FixtureError(`${where}: unknown ${kind} '${key}'`);
  return id;
}
