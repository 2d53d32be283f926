import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { ManualClock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import type { ServiceContext } from '../context';
import { loadFixture, type LoadedProject } from '../seed/load-fixture';
import { addMember } from './add-member';
import { createSegment } from './create-segment';
import { listCustomers } from './customers';

// No routes are loaded here: the hooks come with the context, not with the segments route area.
describe('customer change hooks come with the service context', () => {
  let database: Database;
  let ctx: ServiceContext;
  let project: LoadedProject;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const clock = new ManualClock();
    project = await loadFixture(database, baseFixture(), clock.now());
    ctx = await createContext(database, { ...loadConfig({}), port: 0 }, clock);
  });
  afterAll(() => database.close());

  it('an enrollment that changes a customer moves them into a filter segment, with no route area loaded', async () => {
    const { projectId } = project;
    const segment = await createSegment(ctx, projectId, { name: 'Regulars', type: 'auto-update', filter: { 'metadata.visits': { conditions: { $more_than: 10 } } } });
    expect((await listCustomers(ctx, projectId, { segment_id: segment.id, limit: 10, page: 1, order: '-created_at' })).customers.map((c) => c.source_id)).toEqual(['alice']);

    const campaignId = project.ids.campaigns.get('Auto Club') as string;
    await addMember(ctx, projectId, campaignId, { customer: { source_id: 'bob', metadata: { tier: 'silver', visits: 11 } } });
    const members = (await listCustomers(ctx, projectId, { segment_id: segment.id, limit: 10, page: 1, order: '-created_at' })).customers.map((c) => c.source_id);
    expect(members.sort()).toEqual(['alice', 'bob']);
  });
});
