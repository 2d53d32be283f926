import type { Location } from '../../../../contract/location';

/** How the side list is ordered. All pages are loaded, so sorting happens here, not in the API. */
export const locationSorts = {
  newest: { label: 'Newest first' },
  oldest: { label: 'Oldest first' },
  updated: { label: 'Recently updated' },
  name: { label: 'Name (A–Z)' },
} as const;
export type LocationSort = keyof typeof locationSorts;

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const time = (value: string | null) => (value ? Date.parse(value) : -Infinity);

export function sortLocations(locations: readonly Location[], sort: LocationSort): Location[] {
  const list = [...locations];
  switch (sort) {
    case 'newest':
      return list.sort((a, b) => time(b.created_at) - time(a.created_at));
    case 'oldest':
      return list.sort((a, b) => time(a.created_at) - time(b.created_at));
    case 'updated':
      // Never-updated locations last, newest first among them.
      return list.sort((a, b) => time(b.updated_at) - time(a.updated_at) || time(b.created_at) - time(a.created_at));
    case 'name':
      return list.sort((a, b) => byName.compare(a.name, b.name));
  }
}
