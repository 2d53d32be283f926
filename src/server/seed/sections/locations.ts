import { locations } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Fixture } from '../fixture-schema';
import type { SeedContext } from '../seed-context';

export async function loadLocations(seed: SeedContext, list: Fixture['locations']): Promise<void> {
  const rows = list.map((l) => ({
    id: l.id ?? newId('loc'),
    projectId: seed.projectId,
    name: l.name,
    shape: l.shape,
    endDate: l.end_date ? new Date(l.end_date) : null,
    createdAt: l.created_at ? new Date(l.created_at) : seed.now,
    updatedAt: l.updated_at ? new Date(l.updated_at) : null,
  }));
  for (let i = 0; i < rows.length; i += 1000) await seed.tx.insert(locations).values(rows.slice(i, i + 1000));
}
