import { locations } from '../../../platform/db/schema';
import { forgetLocationLists } from '../../db/repositories/locations';
import { checkShape } from '../../domain/location-geometry';
import { newId } from '../../../platform/ids';
import type { Fixture } from '../fixture-schema';
import { FixtureError, type SeedContext } from '../seed-context';

const maxListedProblems = 20;

/**
 * Loads locations after checking every shape's geometry (the real API has no create endpoint, so
 * fixtures are the only way in and the only place bad geometry can be stopped). All problems of
 * all locations are reported at once, each naming the location.
 * Locations without `created_at` are created one millisecond apart in fixture order, so creation
 * order is the fixture's and keyset paging on `created_at` (what the dashboard does) is exact.
 */
export async function loadLocations(seed: SeedContext, list: Fixture['locations']): Promise<void> {
  const problems: string[] = [];
  const rows = list.map((l, i) => {
    const check = checkShape(l.shape);
    if (!check.ok) problems.push(...check.problems.map((p) => `locations[${i}] '${l.name}': ${p}`));
    return {
      id: l.id ?? newId('loc'),
      projectId: seed.projectId,
      name: l.name,
      shape: check.ok ? check.shape : {},
      endDate: l.end_date ? new Date(l.end_date) : null,
      createdAt: l.created_at ? new Date(l.created_at) : new Date(seed.now.getTime() + i),
      updatedAt: l.updated_at ? new Date(l.updated_at) : null,
    };
  });
  if (problems.length) {
    const shown = problems.slice(0, maxListedProblems).map((p) => `  ${p}`);
    if (problems.length > maxListedProblems) shown.push(`  … and ${problems.length - maxListedProblems} more`);
    throw new FixtureError(`Invalid location geometry:\n${shown.join('\n')}`);
  }
  for (let i = 0; i < rows.length; i += 1000) await seed.tx.insert(locations).values(rows.slice(i, i + 1000));
  forgetLocationLists();
}
