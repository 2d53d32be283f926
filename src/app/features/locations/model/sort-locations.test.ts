import { expect, it } from 'vitest';
import type { Location } from '../../../../contract/location';
import { sortLocations, type LocationSort } from './sort-locations';

const location = (name: string, created: string, updated: string | null): Location => ({
  id: `loc_${name}`,
  object: 'location',
  name,
  shape: { type: 'circle', format: 'distance', distance: { center: 'geo:0,0', radius: '1 km' } },
  created_at: created,
  updated_at: updated,
});
const list = [
  location('beta', '2026-02-01T00:00:00Z', null),
  location('Alpha', '2026-01-01T00:00:00Z', '2026-05-01T00:00:00Z'),
  location('zone 10', '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'),
  location('zone 9', '2026-04-01T00:00:00Z', null),
];

it.each<[LocationSort, string[]]>([
  ['newest', ['zone 9', 'zone 10', 'beta', 'Alpha']],
  ['oldest', ['Alpha', 'beta', 'zone 10', 'zone 9']],
  ['updated', ['Alpha', 'zone 10', 'zone 9', 'beta']],
  ['name', ['Alpha', 'beta', 'zone 9', 'zone 10']],
])('sorts %s', (sort, names) => {
  expect(sortLocations(list, sort).map((l) => l.name)).toEqual(names);
});
