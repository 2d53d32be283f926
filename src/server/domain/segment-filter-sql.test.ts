import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterTree, type SegmentFilter } from '../../contract/segment-filter';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import { rowsOf, sql, type Database } from '../../platform/db/client';
import { events } from '../../platform/db/schema';
import { loadFixture, type LoadedProject } from '../seed/load-fixture';
import { filterSql } from './segment-filter-sql';

/** Customers with every shape of data a filter meets, including values that would break a naive cast. */
const fixture = {
  project: { name: 'filters' },
  api_keys: [{ name: 'k' }],
  customers: [
    {
      source_id: 'ann',
      name: 'Ann Smith',
      email: 'ann@shop.com',
      phone: '+31 600 111',
      birthdate: '1990-05-01',
      address: { city: 'Amsterdam', state: 'NH', country: 'NL', postal_code: '1012 AB', line_1: 'Main 1' },
      metadata: { tier: 'gold', visits: 42, joined: '2024-01-15', vip: true, profile: { level: '3' } },
      created_at: '2026-01-10T00:00:00.000Z',
    },
    {
      source_id: 'ben',
      name: 'Ben Jones',
      email: 'ben@mail.org',
      birthdate: '1985-12-31',
      address: { city: 'Berlin', country: 'DE', line_2: 'Apt 2' },
      metadata: { tier: 'silver', visits: '7', joined: '2025-06-01T12:00:00+02:00', vip: false },
      created_at: '2026-03-01T00:00:00.000Z',
    },
    // Bad data: a filter over it must answer, never raise.
    { source_id: 'cat', name: 'Cat', metadata: { tier: '', visits: 'abc', joined: '2021-02-30' }, created_at: '2026-05-01T00:00:00.000Z' },
    { source_id: 'dan', name: 'dan smith', email: 'DAN@SHOP.COM', address: null, metadata: { visits: 3.5, joined: 'yesterday' }, created_at: '2026-06-01T00:00:00.000Z' },
  ],
};

const is = (field: string, conditions: Record<string, unknown>): SegmentFilter => ({ junction: 'and', [field]: { conditions } });

/** [what, filter, source ids it matches]: every field type with every operator it allows. */
const cases: [string, SegmentFilter, string[]][] = [
  // text fields
  ['name $is', is('name', { $is: 'Ann Smith' }), ['ann']],
  ['name $is (one-element list)', is('name', { $is: ['Cat'] }), ['cat']],
  ['name $is_not (unknown values count as "not")', is('email', { $is_not: 'ann@shop.com' }), ['ben', 'cat', 'dan']],
  ['email $in', is('email', { $in: ['ann@shop.com', 'ben@mail.org'] }), ['ann', 'ben']],
  ['email $not_in', is('email', { $not_in: ['ann@shop.com'] }), ['ben', 'cat', 'dan']],
  ['name $contains (case-insensitive)', is('name', { $contains: 'SMITH' }), ['ann', 'dan']],
  ['name $not_contain', is('name', { $not_contain: 'smith' }), ['ben', 'cat']],
  ['email $starts_with', is('email', { $starts_with: 'dan@' }), ['dan']],
  ['email $ends_with', is('email', { $ends_with: '@shop.com' }), ['ann', 'dan']],
  ['phone $has_value', is('phone', { $has_value: true }), ['ann']],
  ['phone $is_unknown', is('phone', { $is_unknown: [true] }), ['ben', 'cat', 'dan']],
  ['address.city $is', is('address.city', { $is: 'Berlin' }), ['ben']],
  ['address.country $in', is('address.country', { $in: ['NL', 'DE'] }), ['ann', 'ben']],
  ['address.state $has_value', is('address.state', { $has_value: true }), ['ann']],
  ['address.postal_code $starts_with', is('address.postal_code', { $starts_with: '1012' }), ['ann']],
  ['address.line_1 $contains', is('address.line_1', { $contains: 'main' }), ['ann']],
  ['address.line_2 $is_unknown (null address too)', is('address.line_2', { $is_unknown: true }), ['ann', 'cat', 'dan']],
  // dates
  ['created_at $after', is('created_at', { $after: ['2026-03-01T00:00:00.000Z'] }), ['cat', 'dan']],
  ['created_at $before (a bare date is UTC midnight)', is('created_at', { $before: '2026-03-01' }), ['ann']],
  ['created_at $after with an offset', is('created_at', { $after: '2026-03-01T01:00:00+02:00' }), ['ben', 'cat', 'dan']],
  ['created_at $has_value', is('created_at', { $has_value: true }), ['ann', 'ben', 'cat', 'dan']],
  ['created_at $is_unknown', is('created_at', { $is_unknown: true }), []],
  ['birthdate $after', is('birthdate', { $after: '1989-01-01' }), ['ann']],
  ['birthdate $before', is('birthdate', { $before: '1990-05-01' }), ['ben']],
  ['birthdate $has_value', is('birthdate', { $has_value: true }), ['ann', 'ben']],
  ['birthdate $is_unknown', is('birthdate', { $is_unknown: true }), ['cat', 'dan']],
  // events.<name>.count
  ['events count $more_than ("0" as the real API writes it)', is('events.purchase.count', { $more_than: ['0'] }), ['ann', 'ben']],
  ['events count $less_than (no events is 0)', is('events.purchase.count', { $less_than: 2 }), ['ben', 'cat', 'dan']],
  ['events count $is', is('events.purchase.count', { $is: 3 }), ['ann']],
  ['events count $is_not', is('events.purchase.count', { $is_not: 0 }), ['ann', 'ben']],
  ['events count with a dotted event name', is('events.order.paid.count', { $is: 2 }), ['ben']],
  // metadata: the operator decides how the value is read
  ['metadata $is (text)', is('metadata.tier', { $is: 'gold' }), ['ann']],
  ['metadata $is a number matches its JSON number', is('metadata.visits', { $is: 42 }), ['ann']],
  ['metadata $is a boolean', is('metadata.vip', { $is: false }), ['ben']],
  ['metadata $is_not', is('metadata.tier', { $is_not: 'gold' }), ['ben', 'cat', 'dan']],
  ['metadata $in', is('metadata.tier', { $in: ['gold', 'silver'] }), ['ann', 'ben']],
  ['metadata $not_in', is('metadata.tier', { $not_in: ['gold'] }), ['ben', 'cat', 'dan']],
  ['metadata $contains', is('metadata.tier', { $contains: 'OL' }), ['ann']],
  ['metadata $not_contain', is('metadata.tier', { $not_contain: 'l' }), ['cat', 'dan']],
  ['metadata $starts_with', is('metadata.tier', { $starts_with: 'sil' }), ['ben']],
  ['metadata $ends_with', is('metadata.tier', { $ends_with: 'd' }), ['ann']],
  ['metadata $has_value (empty string is no value)', is('metadata.tier', { $has_value: true }), ['ann', 'ben']],
  ['metadata $is_unknown', is('metadata.tier', { $is_unknown: true }), ['cat', 'dan']],
  ['metadata $more_than casts numbers and numeric strings; "abc" is skipped', is('metadata.visits', { $more_than: 5 }), ['ann', 'ben']],
  ['metadata $less_than with a decimal', is('metadata.visits', { $less_than: '4' }), ['dan']],
  ['metadata $after casts dates; 2021-02-30 and "yesterday" are skipped', is('metadata.joined', { $after: '2020-01-01' }), ['ann', 'ben']],
  ['metadata $before reads the offset', is('metadata.joined', { $before: '2025-06-01T10:30:00Z' }), ['ann', 'ben']],
  ['metadata $before, one minute earlier', is('metadata.joined', { $before: '2025-06-01T09:59:00Z' }), ['ann']],
  ['nested metadata key is a jsonb path', is('metadata.profile.level', { $is: '3' }), ['ann']],
  ['a metadata key that exists nowhere', is('metadata.nothing', { $has_value: true }), []],
  // junctions and groups
  ['two fields, and', { junction: 'and', 'metadata.tier': { conditions: { $has_value: true } }, name: { conditions: { $contains: 'jones' } } }, ['ben']],
  ['two fields, or', { junction: 'or', 'metadata.tier': { conditions: { $is: 'gold' } }, name: { conditions: { $is: 'Cat' } } }, ['ann', 'cat']],
  ['two operators on one field share the junction', is('metadata.visits', { $more_than: 5, $less_than: 10 }), ['ben']],
  [
    'nested groups: (tier gold or silver) and not in NL',
    { junction: 'and', 'address.country': { conditions: { $is_not: 'NL' } }, groups: [{ junction: 'or', 'metadata.tier': { conditions: { $is: 'gold' } }, groups: [{ 'metadata.tier': { conditions: { $is: 'silver' } } }] }] },
    ['ben'],
  ],
  ['an or group whose conditions are NULL for some customers', { junction: 'or', 'metadata.visits': { conditions: { $more_than: 40 } }, 'address.city': { conditions: { $is: 'Berlin' } } }, ['ann', 'ben']],
];

describe.each(testDatabases())('segment filter SQL (%s)', (kind) => {
  let database: Database;
  let project: LoadedProject;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    project = await loadFixture(database, fixture, new Date('2026-11-21T00:00:00Z'));
    const customer = (sourceId: string) => project.ids.customers.get(sourceId) as string;
    const event = (sourceId: string, type: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `evcus_${sourceId}${type}${i}`, projectId: project.projectId, customerId: customer(sourceId), type, createdAt: new Date() }));
    await database.db.insert(events).values([...event('ann', 'purchase', 3), ...event('ben', 'purchase', 1), ...event('ben', 'order.paid', 2), ...event('cat', 'other', 4)]);
  });
  afterAll(() => database.close());

  const matching = async (filter: SegmentFilter) => {
    const rows = await rowsOf<{ source_id: string }>(
      database.db,
      sql`SELECT c.source_id FROM customers c WHERE c.project_id = ${project.projectId} AND COALESCE(${filterSql(filterTree(filter))}, false) ORDER BY c.source_id`,
    );
    return rows.map((r) => r.source_id);
  };

  it.each(cases)('%s', async (_what, filter, expected) => {
    expect(await matching(filter)).toEqual(expected);
  });

  it('keeps values out of the SQL text: a quote in a value or a metadata key is data', async () => {
    expect(await matching(is("metadata.it's", { $is: "x' OR '1'='1" }))).toEqual([]);
    expect(await matching(is('name', { $in: ["Ann Smith'); DROP TABLE customers; --"] }))).toEqual([]);
    const query = new PgDialect().sqlToQuery(filterSql(filterTree(is("metadata.it's", { $is: "x' OR '1'='1" }))));
    expect(query.sql).not.toContain("it's");
    expect(query.sql).not.toContain("x'");
    expect(query.params).toEqual([["it's"], "x' OR '1'='1"]);
  });
});
