import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../../test/support/databases';
import { loadFixture } from '../../seed/load-fixture';
import type { Database } from '../../../platform/db/client';
import { freeCardCursor } from '../free-card-cursor';
import { enrollInOneStatement, enrollTogether, type OneStatementEnrollment } from './enrollment';
import { publishNextFreeCard } from './vouchers';

const now = new Date('2026-06-01T12:00:00.000Z');

/** What the statement may have written: customers, published cards and publications of the project. */
async function written(database: Database, projectId: string) {
  const [row] = await database.execute<{ customers: number; published: number; publications: number }>(
    `SELECT (SELECT count(*)::int FROM customers WHERE project_id = $1) AS customers,
            (SELECT count(*)::int FROM vouchers WHERE project_id = $1 AND holder_id IS NOT NULL) AS published,
            (SELECT count(*)::int FROM publications WHERE project_id = $1) AS publications`,
    [projectId],
  );
  return row;
}

describe.each(testDatabases())('enrollInOneStatement (%s)', (kind) => {
  let database: Database;
  let plain: { projectId: string; campaignId: string; emptyCampaignId: string };
  let segmented: { projectId: string; campaignId: string };
  let sequence = 0;
  const input = (target: { projectId: string; campaignId: string }, customer: OneStatementEnrollment['customer'], sourceId: string | null = null): OneStatementEnrollment => ({
    ...target,
    customer,
    publication: { id: `pub_test${sequence++}`, sourceId, channel: 'API', metadata: { via: 'test' }, createdAt: now },
    now,
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const project = await loadFixture(database, {
      project: { name: 'one statement' },
      api_keys: [{ name: 'k' }],
      customers: [{ source_id: 'known', name: 'Known' }],
      campaigns: [
        { name: 'Club', type: 'STATIC', cards: [{ code: 'C-1' }, { code: 'C-2' }, { code: 'C-3' }] },
        { name: 'Empty', type: 'STATIC', cards: [] },
      ],
    });
    plain = { projectId: project.projectId, campaignId: project.ids.campaigns.get('Club') as string, emptyCampaignId: project.ids.campaigns.get('Empty') as string };
    const withSegment = await loadFixture(database, {
      project: { name: 'segmented' },
      api_keys: [{ name: 'k' }],
      campaigns: [{ name: 'Club', type: 'STATIC', cards: [{ code: 'S-1' }] }],
      segments: [{ name: 'Gold', type: 'auto-update', filter: { junction: 'and', 'metadata.tier': { conditions: { $is: 'gold' } } } }],
    });
    segmented = { projectId: withSegment.projectId, campaignId: withSegment.ids.campaigns.get('Club') as string };
  });
  afterAll(() => database.close());

  it('creates the customer, publishes the oldest card to them and records the publication', async () => {
    const card = await enrollInOneStatement(database.db, input(plain, { source_id: 'new-one', name: 'New One', metadata: { tier: 'gold' } }, 'pub-src-1'));
    expect(card).toMatchObject({ code: 'C-1', publishCount: 1, updatedAt: now });
    const [customer] = await database.execute<{ id: string; name: string; metadata: unknown }>('SELECT id, name, metadata FROM customers WHERE source_id = $1', ['new-one']);
    expect(customer).toMatchObject({ name: 'New One', metadata: { tier: 'gold' } });
    expect(card?.holderId).toBe(customer.id);
    const [publication] = await database.execute('SELECT voucher_id, customer_id, tracking_id, source_id, channel, metadata FROM publications WHERE id = $1', [`pub_test${sequence - 1}`]);
    expect(publication).toEqual({ voucher_id: card?.id, customer_id: customer.id, tracking_id: 'new-one', source_id: 'pub-src-1', channel: 'API', metadata: { via: 'test' } });
  });

  it('takes a known customer by source id and writes the profile given over theirs', async () => {
    const card = await enrollInOneStatement(database.db, input(plain, { source_id: 'known', email: 'known@example.com' }));
    expect(card?.code).toBe('C-2');
    const [customer] = await database.execute<{ name: string; email: string }>('SELECT name, email FROM customers WHERE source_id = $1', ['known']);
    expect(customer).toEqual({ name: 'Known', email: 'known@example.com' });
  });

  it('fails whole on the unique index when the customer already joined, leaving their profile as it was', async () => {
    const before = await written(database, plain.projectId);
    await expect(enrollInOneStatement(database.db, input(plain, { source_id: 'known', email: 'changed@example.com' }))).rejects.toMatchObject({ code: '23505', constraint: 'publications_join_once_uq' });
    expect(await written(database, plain.projectId)).toEqual(before);
    const [customer] = await database.execute<{ email: string }>('SELECT email FROM customers WHERE source_id = $1', ['known']);
    expect(customer.email).toBe('known@example.com');
  });

  it('fails whole on the unique index when the publication source_id was used before', async () => {
    const before = await written(database, plain.projectId);
    await expect(enrollInOneStatement(database.db, input(plain, 'someone-else', 'pub-src-1'))).rejects.toMatchObject({ code: '23505', constraint: 'publications_source_uq' });
    expect(await written(database, plain.projectId)).toEqual(before);
  });

  it('writes nothing and leaves it to the transaction when no card is free', async () => {
    const before = await written(database, plain.projectId);
    expect(await enrollInOneStatement(database.db, input({ projectId: plain.projectId, campaignId: plain.emptyCampaignId }, 'nobody-yet'))).toBeUndefined();
    expect(await written(database, plain.projectId)).toEqual(before);
  });

  it('writes nothing and leaves it to the transaction when the project has filter segments', async () => {
    expect(await enrollInOneStatement(database.db, input(segmented, { source_id: 'gold-one', metadata: { tier: 'gold' } }))).toBeUndefined();
    expect(await written(database, segmented.projectId)).toEqual({ customers: 0, published: 0, publications: 0 });
  });

  it('does not take customers named by id', async () => {
    const [{ id }] = await database.execute<{ id: string }>('SELECT id FROM customers WHERE source_id = $1', ['known']);
    expect(await enrollInOneStatement(database.db, input(plain, id))).toBeUndefined();
    expect(await enrollInOneStatement(database.db, input(plain, { id }))).toBeUndefined();
  });

  it('gives parallel enrollments different cards, and a card to no one twice', async () => {
    const project = await loadFixture(database, {
      project: { name: 'parallel' },
      api_keys: [{ name: 'k' }],
      campaigns: [{ name: 'Club', type: 'STATIC', cards: Array.from({ length: 5 }, (_, i) => ({ code: `P-${i}` })) }],
    });
    const target = { projectId: project.projectId, campaignId: project.ids.campaigns.get('Club') as string };
    const cards = await Promise.all(Array.from({ length: 12 }, (_, i) => enrollInOneStatement(database.db, input(target, `racer-${i}`))));
    const codes = cards.filter((c) => c !== undefined).map((c) => c.code);
    expect(codes.sort()).toEqual(['P-0', 'P-1', 'P-2', 'P-3', 'P-4']);
    expect(await written(database, project.projectId)).toEqual({ customers: 5, published: 5, publications: 5 });
  });

  it('starts the pick after the campaign cursor, and from the oldest free card once nothing is free after it', async () => {
    const project = await loadFixture(database, {
      project: { name: 'cursor' },
      api_keys: [{ name: 'k' }],
      customers: [{ source_id: 'late' }],
      campaigns: [{ name: 'Club', type: 'STATIC', cards: Array.from({ length: 4 }, (_, i) => ({ code: `K-${i}` })) }],
    });
    const target = { projectId: project.projectId, campaignId: project.ids.campaigns.get('Club') as string };
    expect((await enrollInOneStatement(database.db, input(target, 'k-first')))?.code).toBe('K-0');
    // As if K-1 and K-2 had been handed out by another enrollment that then rolled back.
    const [k2] = await database.execute<{ id: string; created_at: string }>('SELECT id, created_at FROM vouchers WHERE code = $1', ['K-2']);
    freeCardCursor.advance(target.campaignId, { createdAt: new Date(k2.created_at), id: k2.id });
    expect((await enrollInOneStatement(database.db, input(target, 'k-second')))?.code).toBe('K-3');

    const before = await written(database, project.projectId);
    expect(await enrollInOneStatement(database.db, input(target, 'k-third'))).toBeUndefined();
    expect(await written(database, project.projectId)).toEqual(before);
    const [late] = await database.execute<{ id: string }>('SELECT id FROM customers WHERE source_id = $1', ['late']);
    const card = await publishNextFreeCard(database.db, target.campaignId, { id: `pub_test${sequence++}`, customerId: late.id, trackingId: 'late', createdAt: now });
    expect(card?.code).toBe('K-1');
    expect(freeCardCursor.after(target.campaignId)?.id).toBe(card?.id);
  });

  describe('several enrollments together', () => {
    let target: { projectId: string; campaignId: string };
    beforeAll(async () => {
      const project = await loadFixture(database, {
        project: { name: 'together' },
        api_keys: [{ name: 'k' }],
        customers: [{ source_id: 'regular', name: 'Regular' }],
        campaigns: [{ name: 'Club', type: 'STATIC', cards: Array.from({ length: 6 }, (_, i) => ({ code: `T-${i}` })) }],
      });
      target = { projectId: project.projectId, campaignId: project.ids.campaigns.get('Club') as string };
    });

    it('gives each customer a card of their own and records each publication as asked, answering in the order given', async () => {
      const inputs = ['zed', 'amy', 'regular'].map((name, i) => ({
        ...input(target, { source_id: name, name: `Name ${name}` }, `src-${name}`),
        publication: { id: `pub_together${i}`, sourceId: `src-${name}`, channel: i === 0 ? 'WEBSITE' : 'API', metadata: { n: i }, createdAt: now },
      }));
      const cards = await enrollTogether(database.db, inputs);
      expect(cards).toHaveLength(3);
      const holders = await database.execute<{ source_id: string; name: string; card: string; pub: string; channel: string; metadata: unknown; tracking_id: string }>(
        `SELECT c.source_id, c.name, v.id AS card, p.id AS pub, p.channel, p.metadata, p.tracking_id
           FROM vouchers v JOIN customers c ON c.id = v.holder_id JOIN publications p ON p.voucher_id = v.id AND p.customer_id = c.id
          WHERE v.campaign_id = $1`,
        [target.campaignId],
      );
      expect(holders).toHaveLength(3);
      for (const [i, name] of ['zed', 'amy', 'regular'].entries()) {
        const holder = holders.find((h) => h.source_id === name);
        expect(holder).toMatchObject({ name: `Name ${name}`, card: cards?.[i].id, pub: `pub_together${i}`, channel: i === 0 ? 'WEBSITE' : 'API', metadata: { n: i }, tracking_id: name });
        expect(cards?.[i]).toMatchObject({ publishCount: 1, updatedAt: now });
      }
      expect(new Set(cards?.map((c) => c.code)).size).toBe(3);
    });

    it('writes nothing when fewer cards are free than enrollments', async () => {
      const before = await written(database, target.projectId);
      expect(await enrollTogether(database.db, ['n1', 'n2', 'n3', 'n4'].map((name) => input(target, name)))).toBeUndefined();
      expect(await written(database, target.projectId)).toEqual(before);
    });

    it('fails whole when one of the customers already joined', async () => {
      const before = await written(database, target.projectId);
      await expect(enrollTogether(database.db, [input(target, 'fresh'), input(target, 'amy')])).rejects.toMatchObject({ code: '23505', constraint: 'publications_join_once_uq' });
      expect(await written(database, target.projectId)).toEqual(before);
    });
  });
});
