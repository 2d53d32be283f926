import { dynamicSegmentLimit, parseFilterTree } from '../../../contract/segment';
import { insertFilterMembers, insertSegment, insertStaticMembers } from '../../db/repositories/segments';
import { filterSql } from '../../domain/segment-filter-sql';
import { newId } from '../../../platform/ids';
import type { Fixture } from '../fixture-schema';
import { FixtureError, ref, type SeedContext } from '../seed-context';

/**
 * Segments load last, after customers: static ones take members by source_id; filter ones are
 * validated with the API's own grammar and filled by the same set-based query POST /v1/segments runs.
 */
export async function loadSegments(seed: SeedContext, list: Fixture['segments']): Promise<void> {
  const filtered = list.filter((s) => s.type !== 'static').length;
  if (filtered > dynamicSegmentLimit) throw new FixtureError(`segments: ${filtered} auto-update and passive segments; a project has at most ${dynamicSegmentLimit}`);
  for (const s of list) {
    const where = `segment '${s.name}'`;
    const id = s.id ?? newId('seg');
    if (s.type === 'static') {
      const members = s.customers.map((sourceId) => ref(seed.refs.customers, 'customer', sourceId, where));
      await insertSegment(seed.tx, { id, projectId: seed.projectId, name: s.name, type: s.type, filter: null, createdAt: seed.now });
      if (members.length) await insertStaticMembers(seed.tx, seed.projectId, id, members);
      continue;
    }
    const { tree, issues } = parseFilterTree(s.filter);
    if (!tree) throw new FixtureError(`${where}: invalid filter: ${issues.map((i) => `${['filter', ...i.path].join('.')}: ${i.message}`).join('; ')}`);
    if (s.customers.length) throw new FixtureError(`${where}: a ${s.type} segment takes its members from its filter, not from customers`);
    await insertSegment(seed.tx, { id, projectId: seed.projectId, name: s.name, type: s.type, filter: s.filter ?? null, createdAt: seed.now });
    await insertFilterMembers(seed.tx, seed.projectId, id, filterSql(tree));
  }
}
