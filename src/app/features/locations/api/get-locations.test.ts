import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocationList } from '../../../../contract/location';
import { testDatabases } from '../../../../../test/support/databases';
import { baseFixture } from '../../../../../test/support/fixtures';
import { startTestService, type TestService } from '../../../../../test/support/service';
import { getLocationsPage, nextCursor, uniqueLocations, type LocationFilter } from './get-locations';

/**
 * The dashboard's paging walk against the real service: pages by creation time, overlapping by a
 * millisecond, must return every matching location exactly once, also when several share a timestamp.
 * `fetch` is pointed at the service with the project's keys, as the proxy would.
 */
const count = 257;
const locations = Array.from({ length: count }, (_, i) => ({
  name: i % 5 === 0 ? `Park ${i}` : `Stop ${i}`,
  shape: { type: 'circle', format: 'distance', distance: { center: `geo:52.${i},4.9`, radius: '0.5 km' } },
  // Three locations per instant, so page boundaries fall inside ties.
  created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
}));

describe.each(testDatabases())('locations paging against the service (%s)', (kind) => {
  let service: TestService;
  const requests: string[] = [];

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture({ locations }));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
      requests.push(input);
      return realFetch(service.baseUrl + input.replace(/^\/api/, ''), { ...init, headers: { ...(init.headers as Record<string, string>), ...service.keyHeaders } });
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await service.close();
  });

  async function walk(filter: LocationFilter): Promise<LocationList[]> {
    requests.length = 0;
    const pages = [await getLocationsPage(filter, null)];
    for (let cursor = nextCursor(pages); cursor; cursor = nextCursor(pages)) pages.push(await getLocationsPage(filter, cursor));
    return pages;
  }

  it('fetches every location once, 100 per request', async () => {
    const pages = await walk({});
    const all = uniqueLocations(pages);
    expect(all).toHaveLength(count);
    expect(new Set(all.map((l) => l.name)).size).toBe(count);
    expect(pages[0].total).toBe(count);
    expect(pages).toHaveLength(3);
    expect(requests.every((url) => new URL(url, 'http://x').searchParams.get('limit') === '100')).toBe(true);
  });

  it('pages within a name search', async () => {
    const all = uniqueLocations(await walk({ name: 'park' }));
    expect(all.map((l) => l.name).sort()).toEqual(locations.filter((l) => l.name.startsWith('Park')).map((l) => l.name).sort());
    expect(requests[0]).toContain(`${encodeURIComponent('filters[name][conditions][$contains]')}=park`);
  });
});

describe('nextCursor', () => {
  const page = (ids: string[], created: string[], hasMore: boolean): LocationList => ({
    object: 'list',
    data_ref: 'data',
    total: 999,
    has_more: hasMore,
    data: ids.map((id, i) => ({ id, object: 'location', name: id, created_at: created[i], updated_at: null, shape: { type: 'circle', format: 'distance', distance: { center: 'geo:0,0', radius: '1 km' } } })),
  });

  it('asks for rows from one millisecond before the last row seen', () => {
    expect(nextCursor([page(['a', 'b'], ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:05.000Z'], true)])).toBe('2026-01-01T00:00:04.999Z');
  });

  it('stops when the API says there is no more', () => {
    expect(nextCursor([page(['a'], ['2026-01-01T00:00:00.000Z'], false)])).toBeUndefined();
  });

  it('stops when a page brings nothing new (more than a page shares one instant)', () => {
    const t = '2026-01-01T00:00:00.000Z';
    expect(nextCursor([page(['a', 'b'], [t, t], true), page(['a', 'b'], [t, t], true)])).toBeUndefined();
  });
});
