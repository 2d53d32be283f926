import { newId, randomString } from '../../platform/ids';
import { generateCardCode } from '../domain/card-code';
import type { Fixture } from './fixture-schema';

type CardFixture = Fixture['campaigns'][number]['cards'][number];

/** Above this many generated cards a fixture keeps them generated: a reset then makes new codes. */
const maxPinnedGeneratedCards = 100_000;

/**
 * The fixture with every id it may give filled in, and generated cards (up to
 * `maxPinnedGeneratedCards` per program) listed with the codes drawn for them: loading it again
 * (POST /_local/reset) makes the same customers, programs, cards, rules, rewards and history, with
 * the same ids and codes. Key secrets are left out: the pinned document is stored, secrets never are.
 */
export function pinFixture(fixture: Fixture): Fixture {
  const taken = new Set(fixture.campaigns.flatMap((c) => c.cards.map((card) => card.code)));
  return {
    ...fixture,
    api_keys: fixture.api_keys.map(({ secret: _secret, ...key }) => key),
    categories: fixture.categories.map((c) => ({ ...c, id: c.id ?? newId('cat') })),
    customers: fixture.customers.map((c) => ({ ...c, id: c.id ?? newId('cust') })),
    generated_customers: fixture.generated_customers && { ...fixture.generated_customers, id_prefix: fixture.generated_customers.id_prefix ?? `cust_${randomString(12)}` },
    campaigns: fixture.campaigns.map((c) => {
      const pinGenerated = c.generated_cards > 0 && c.generated_cards <= maxPinnedGeneratedCards;
      const generated = pinGenerated
        ? Array.from({ length: c.generated_cards }, () => {
            let code = generateCardCode(c.code_config);
            while (taken.has(code)) code = generateCardCode(c.code_config);
            taken.add(code);
            return { code, active: true, metadata: {} } as CardFixture;
          })
        : [];
      return {
        ...c,
        id: c.id ?? newId('camp'),
        cards: [...c.cards, ...generated].map((card) => ({ ...card, id: card.id ?? newId('v') })),
        generated_cards: pinGenerated ? 0 : c.generated_cards,
      };
    }),
    transactions: fixture.transactions.map((t) => ({ ...t, id: t.id ?? newId('vtx') })),
    event_schemas: fixture.event_schemas.map((s) => ({ ...s, id: s.id ?? newId('ms') })),
    earning_rules: fixture.earning_rules.map((r) => ({ ...r, id: r.id ?? newId('lern') })),
    locations: fixture.locations.map((l) => ({ ...l, id: l.id ?? newId('loc') })),
    segments: fixture.segments.map((s) => ({ ...s, id: s.id ?? newId('seg') })),
    products: fixture.products.map((p) => ({ ...p, id: p.id ?? newId('prod') })),
    rewards: fixture.rewards.map((r) => ({ ...r, id: r.id ?? newId('rew') })),
    loyalty_tiers: fixture.loyalty_tiers.map((t) => ({ ...t, id: t.id ?? newId('ltr') })),
  };
}
