import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationListSchema, locationSchema } from '../../../contract/location';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { ManualClock } from '../../../platform/clock';
import { loadFixture } from '../../seed/load-fixture';

const now = '2026-11-21T12:00:00.000Z';
const square = (lng: number, lat: number) => [
  [
    [lng, lat],
    [lng + 0.01, lat],
    [lng + 0.01, lat + 0.01],
    [lng, lat + 0.01],
    [lng, lat],
  ],
];
const circle = (lat: number, lng: number, radius = '1.5 km') => ({ type: 'circle', format: 'distance', distance: { center: `geo:${lat},${lng}`, radius } });
const polygon = (lng: number, lat: number) => ({ type: 'polygon', format: 'geojson', geojson: { type: 'Polygon', coordinates: square(lng, lat) } });
const multiPolygon = (lng: number, lat: number) => ({
  type: 'polygon',
  format: 'geojson',
  geojson: { type: 'MultiPolygon', coordinates: [square(lng, lat), square(lng + 0.1, lat)] },
});

/** Six locations whose names, dates and end dates make every operator tell them apart. */
const fixtureLocations = [
  { name: 'Amsterdam Centraal', shape: circle(52.379, 4.9), created_at: '2026-01-01T10:00:00.000Z' },
  { name: 'Dam Square pop-up', shape: circle(52.373, 4.893, '0.25 km'), created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z', end_date: '2026-09-30T23:59:59.000Z' },
  { name: 'De Pijp 50%_off', shape: polygon(4.89, 52.35), created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z', end_date: '2027-01-01T00:00:00.000Z' },
  { name: 'Noord ferry', shape: multiPolygon(4.9, 52.39), created_at: '2026-11-15T10:00:00.000Z' },
  { name: 'amsterdam zuid', shape: circle(52.339, 4.873), created_at: '2026-11-19T10:00:00.000Z', end_date: '2026-11-21T00:00:00.000Z' },
  { name: 'Back\\slash bar', shape: circle(52.36, 4.88), created_at: '2026-05-01T10:00:00.000Z' },
];
const [centraal, dam, pijp, noord, zuid, backslash] = fixtureLocations.map((l) => l.name);
const all = fixtureLocations.map((l) => l.name);

/** The polygon schema defect (x-subset-known-defects: PolygonCoordinates is integer pairs): coordinates are checked by our own schema instead. */
function withoutPolygonCoordinates(location: { shape: { type: string; geojson?: { coordinates: unknown } } }) {
  const copy = structuredClone(location);
  if (copy.shape.geojson) copy.shape.geojson.coordinates = [];
  return copy;
}

describe.each(testDatabases())('List Locations and Get Location (%s)', (kind) => {
  let service: TestService;
  const list = (query: string) => service.call('GET', `/v1/locations${query ? `?${query}` : ''}`);
  const names = async (query: string) => {
    const res = await list(query.includes('limit=') ? query : `limit=100&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { name: string }[]).map((l) => l.name);
  };
  const sorted = (values: string[]) => [...values].sort();
  const q = (field: string, op: string, value: string) => `filters[${field}][conditions][${op}]=${encodeURIComponent(value)}`;

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture({ locations: fixtureLocations }), new ManualClock(new Date(now)));
  });
  afterAll(() => service.close());

  it('lists locations newest first by default, 10 per page, in the contract shape', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', data_ref: 'data', total: 6, has_more: false });
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual([zuid, noord, backslash, pijp, dam, centraal]);
    expect(locationListSchema.parse(res.body)).toBeTruthy();
    const forContract = { ...res.body, data: res.body.data.map(withoutPolygonCoordinates) };
    expect(contractErrors('subset', '/v1/locations', 'get', 200, forContract)).toEqual([]);
    const circleRow = res.body.data.find((l: { name: string }) => l.name === dam);
    expect(circleRow).toEqual({
      id: expect.stringMatching(/^loc_/),
      object: 'location',
      name: dam,
      shape: { type: 'circle', format: 'distance', distance: { center: 'geo:52.373,4.893', radius: '0.25 km' } },
      created_at: '2026-02-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    });
    expect(Object.keys(circleRow.shape)).toEqual(['type', 'format', 'distance']);
    const multi = res.body.data.find((l: { name: string }) => l.name === noord);
    expect(multi.shape.geojson).toEqual({ type: 'MultiPolygon', coordinates: [square(4.9, 52.39), square(5.0, 52.39)] });
  });

  it('returns 10 by default and says has_more when the limit cuts the list', async () => {
    const many = await loadFixture(
      service.database,
      { project: { name: 'Many' }, api_keys: [{ name: 'k' }], locations: Array.from({ length: 12 }, (_, i) => ({ name: `Zone ${i}`, shape: circle(52, 4 + i / 100) })) },
      new Date(now),
    );
    const headers = { 'X-App-Id': many.keys[0].appId, 'X-App-Token': many.keys[0].appToken };
    const res = await service.call('GET', '/v1/locations?order=created_at', { headers });
    expect(res.body).toMatchObject({ total: 12, has_more: true });
    // Fixture locations without created_at are created in fixture order.
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Zone ${i}`));
    // Projects never see each other's locations.
    expect(await names('limit=100')).toHaveLength(6);
    const other = await service.call('GET', `/v1/locations/${res.body.data[0].id}`);
    expect(other.status).toBe(404);
  });

  it.each([
    ['limit=6', 6, 6, false],
    ['limit=5', 5, 6, true],
    ['limit=1', 1, 6, true],
    ['limit=100', 6, 6, false],
    [`${q('name', '$contains', 'dam')}&limit=2`, 2, 3, true],
    [`${q('name', '$contains', 'dam')}&limit=3`, 3, 3, false],
    [`${q('name', '$is', 'Nowhere')}&limit=1`, 0, 0, false],
  ])('%s → %i rows, total %i, has_more %s', async (query, rows, total, hasMore) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(rows);
    expect(res.body.total).toBe(total);
    expect(res.body.has_more).toBe(hasMore);
  });

  it.each([
    ['$in (repeated key)', `filters[name][conditions][$in]=${encodeURIComponent(centraal)}&filters[name][conditions][$in]=${encodeURIComponent(noord)}`, [centraal, noord]],
    ['$in (indexed)', `filters[name][conditions][$in][0]=${encodeURIComponent(centraal)}&filters[name][conditions][$in][1]=${encodeURIComponent(noord)}`, [centraal, noord]],
    ['$in (single value)', q('name', '$in', noord), [noord]],
    ['$not_in', `filters[name][conditions][$not_in][]=${encodeURIComponent(centraal)}&filters[name][conditions][$not_in][]=${encodeURIComponent(noord)}`, [dam, pijp, zuid, backslash]],
    ['$is (exact)', q('name', '$is', centraal), [centraal]],
    ['$is (case matters)', q('name', '$is', 'amsterdam centraal'), []],
    ['$is_not', q('name', '$is_not', centraal), [dam, pijp, noord, zuid, backslash]],
    ['$has_value', q('name', '$has_value', ''), all],
    ['$is_unknown', q('name', '$is_unknown', ''), []],
    ['$starts_with (any case)', q('name', '$starts_with', 'AMSTERDAM'), [centraal, zuid]],
    ['$ends_with', q('name', '$ends_with', 'off'), [pijp]],
    ['$contains', q('name', '$contains', 'dam'), [centraal, dam, zuid]],
    ['$contains % literally', q('name', '$contains', '%'), [pijp]],
    ['$contains _ literally', q('name', '$contains', '_'), [pijp]],
    ['$contains \\ literally', q('name', '$contains', '\\'), [backslash]],
    ['$starts_with % is no wildcard', q('name', '$starts_with', '%'), []],
    ['$not_contain', q('name', '$not_contain', 'dam'), [pijp, noord, backslash]],
    ['two operators are AND', `${q('name', '$starts_with', 'a')}&filters[name][conditions][$not_contain]=zuid`, [centraal]],
  ])('name %s', async (_label, query, expected) => {
    expect(sorted(await names(query))).toEqual(sorted(expected));
  });

  it.each([
    ['created_at $after a date-time', q('created_at', '$after', '2026-11-15T10:00:00.000Z'), [zuid]],
    ['created_at $after a date', q('created_at', '$after', '2026-03-01'), [pijp, noord, zuid, backslash]],
    ['created_at $before', q('created_at', '$before', '2026-03-01T10:00:00.000Z'), [centraal, dam]],
    ['created_at $after and $before', `${q('created_at', '$after', '2026-02-01T10:00:00Z')}&filters[created_at][conditions][$before]=2026-11-15T10:00:00Z`, [pijp, backslash]],
    ['created_at $more_than days ago', q('created_at', '$more_than', '30'), [centraal, dam, pijp, backslash]],
    ['created_at $less_than days ago', q('created_at', '$less_than', '7'), [noord, zuid]],
    ['created_at $less_than 0 days', q('created_at', '$less_than', '0'), []],
    ['created_at $has_value', q('created_at', '$has_value', ''), all],
    ['created_at $is_unknown', q('created_at', '$is_unknown', ''), []],
    ['updated_at $has_value', q('updated_at', '$has_value', ''), [dam, pijp]],
    ['updated_at $is_unknown', q('updated_at', '$is_unknown', ''), [centraal, noord, zuid, backslash]],
    ['updated_at $less_than days ago', q('updated_at', '$less_than', '5'), [pijp]],
    ['updated_at $more_than days ago (never updated is not matched)', q('updated_at', '$more_than', '5'), [dam]],
    ['updated_at $after', q('updated_at', '$after', '2026-11-01T10:00:00.000Z'), [pijp]],
    ['name and created_at together', `${q('name', '$contains', 'dam')}&filters[created_at][conditions][$less_than]=30`, [zuid]],
  ])('%s', async (_label, query, expected) => {
    expect(sorted(await names(query))).toEqual(sorted(expected));
  });

  it.each([
    ['before every end date keeps all', 'end_date=2026-01-01', all],
    ['drops a location that ended before the date', 'end_date=2026-10-01', [centraal, pijp, noord, zuid, backslash]],
    ['keeps one ending exactly at the date', 'end_date=2026-11-21', [centraal, pijp, noord, zuid, backslash]],
    ['drops it a millisecond later', 'end_date=2026-11-21T00:00:00.001Z', [centraal, pijp, noord, backslash]],
    ['locations without an end date never drop', 'end_date=2100-01-01T00:00:00Z', [centraal, noord, backslash]],
    ['combines with filters and total', `end_date=2026-10-01&${q('name', '$contains', 'dam')}`, [centraal, zuid]],
  ])('end_date: %s', async (_label, query, expected) => {
    const res = await list(`limit=100&${query}`);
    expect(res.status).toBe(200);
    expect(sorted(res.body.data.map((l: { name: string }) => l.name))).toEqual(sorted(expected));
    expect(res.body.total).toBe(expected.length);
  });

  it.each([
    ['created_at', [centraal, dam, pijp, backslash, noord, zuid]],
    ['-created_at', [zuid, noord, backslash, pijp, dam, centraal]],
    // Never-updated locations come last in both directions, then by creation in the same direction.
    ['updated_at', [dam, pijp, centraal, backslash, noord, zuid]],
    ['-updated_at', [pijp, dam, zuid, noord, backslash, centraal]],
  ])('order=%s', async (order, expected) => {
    expect(await names(`order=${order}`)).toEqual(expected);
  });

  it('orders and then limits: the first page of an order is its first rows', async () => {
    expect(await names('order=created_at&limit=2')).toEqual([centraal, dam]);
    expect(await names('order=-updated_at&limit=2')).toEqual([pijp, dam]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['order=name', 'order'],
    ['order=-created', 'order'],
    ['filters[name][conditions][$like]=x', '$like'],
    ['filters[city][conditions][$is]=x', 'city'],
    ['filters[name][$is]=x', '$is'],
    ['filters[name][conditions][$is][a]=x', '$is'],
    ['filters[created_at][conditions][$after]=yesterday', '$after'],
    ['filters[created_at][conditions][$starts_with]=2026', '$starts_with'],
    ['filters[updated_at][conditions][$more_than]=1.5', '$more_than'],
    ['filters[updated_at][conditions][$less_than]=-2', '$less_than'],
    ['filters[updated_at][conditions][$less_than]=', '$less_than'],
    ['end_date=soon', 'end_date'],
    ['end_date=2026-13-01', 'end_date'],
  ])('%s → 400 invalid_query_params naming %s', async (query, property) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, key: 'invalid_query_params', message: 'Invalid query params' });
    expect(res.body.details).toContain(property);
    expect(res.body.request_id).toMatch(/^v-/);
  });

  it('needs credentials', async () => {
    const res = await service.call('GET', '/v1/locations', { auth: false });
    expect(res.status).toBe(401);
    expect(res.body.key).toBe('unauthorized');
  });

  it('takes a bearer token with the api or locations scope, and refuses other scopes', async () => {
    const tokenFor = async (scope: string) => {
      const res = await service.call('POST', '/v1/oauth/token', {
        body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(200);
      return { authorization: `Bearer ${res.body.access_token}` };
    };
    for (const scope of ['locations', 'api']) {
      const res = await service.call('GET', '/v1/locations?limit=1', { auth: false, headers: await tokenFor(scope) });
      expect(res.status, scope).toBe(200);
      expect(res.body.total).toBe(6);
    }
    const refused = await service.call('GET', '/v1/locations', { auth: false, headers: await tokenFor('segments') });
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('missing_required_permission');
  });

  it('gets one location by id, circle and polygon, in the contract shape', async () => {
    const listed = await list('limit=100');
    for (const location of listed.body.data) {
      const res = await service.call('GET', `/v1/locations/${location.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(location);
      expect(locationSchema.parse(res.body)).toBeTruthy();
      expect(contractErrors('supporting', '/v1/locations/{locationId}', 'get', 200, withoutPolygonCoordinates(res.body))).toEqual([]);
    }
  });

  it('answers 404 not_found naming the location for an unknown id', async () => {
    const res = await service.call('GET', '/v1/locations/loc_unknown');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, key: 'not_found', details: 'Cannot find location with id loc_unknown', resource_id: 'loc_unknown', resource_type: 'location' });
  });
});
