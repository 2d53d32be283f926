import { segmentMembers, segments } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Fixture } from '../fixture-schema';
import { ref, type SeedContext } from '../seed-context';

export async function loadSegments(seed: SeedContext, list: Fixture['segments']): Promise<void> {
  for (const s of list) {
    const id = s.id ?? newId('seg');
    await seed.tx.insert(segments).values({ id, projectId: seed.projectId, name: s.name, type: s.type, filter: s.filter ?? null, createdAt: seed.now });
    const members = s.customers.map((sourceId) => ({ segmentId: id, projectId: seed.projectId, customerId: ref(seed.refs.customers, 'customer', sourceId, `segment '${s.name}'`) }));
    if (members.length) await seed.tx.insert(segmentMembers).values(members);
  }
}
