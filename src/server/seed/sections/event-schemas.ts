import { eventSchemas } from '../../../platform/db/schema';
import { newId } from '../../../platform/ids';
import type { Fixture } from '../fixture-schema';
import { FixtureError, type SeedContext } from '../seed-context';

/** Custom event schemas: name → `ms_…` id, with the metadata properties events of that name carry. */
export async function loadEventSchemas(seed: SeedContext, list: Fixture['event_schemas']): Promise<void> {
  for (const s of list) {
    if (seed.refs.eventSchemas.has(s.name)) throw new FixtureError(`event schema '${s.name}' is defined twice`);
    const id = s.id ?? newId('ms');
    await seed.tx.insert(eventSchemas).values({ id, projectId: seed.projectId, name: s.name, properties: s.properties, createdAt: seed.now });
    seed.refs.eventSchemas.set(s.name, id);
  }
}
