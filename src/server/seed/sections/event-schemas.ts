import { eventSchemas } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Fixture } from '../fixture-schema';
import type { SeedContext } from '../seed-context';

export async function loadEventSchemas(seed: SeedContext, list: Fixture['event_schemas']): Promise<void> {
  for (const s of list) {
    const id = s.id ?? newId('ms');
    await seed.tx.insert(eventSchemas).values({ id, projectId: seed.projectId, name: s.name, properties: s.properties, createdAt: seed.now });
    seed.refs.eventSchemas.set(s.name, id);
  }
}
