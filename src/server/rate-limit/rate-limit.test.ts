import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import { startTestService, type TestService } from '../../../test/support/service';
import { loadFixture } from '../seed/load-fixture';
import { MemoryRateLimitStore } from './memory-store';
import { PostgresRateLimitStore } from './postgres-store';
import { RateLimiter } from './rate-limiter';

describe.each(testDatabases())('rate limits over HTTP (%s)', (kind) => {
  let service: TestService;
  let otherProject: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService(kind);
    service.clock.set('2026-11-21T10:00:30.000Z');
    const other = await loadFixture(service.database, baseFixture({ project: { name: 'Other project' } }));
    otherProject = { 'X-App-Id': other.keys[0].appId, 'X-App-Token': other.keys[0].appToken };
  });
  afterAll(() => service.close());

  it('puts the headers on every authenticated response and answers 429 past the limit, per project, until the minute ends', async () => {
    service.ctx.rateLimiter = new RateLimiter(new MemoryRateLimitStore(), 3);
    const resetAt = String(Date.parse('2026-11-21T10:01:00.000Z') / 1000);
    const responses = [
      await service.call('GET', '/v1/loyalties'),
      await service.call('POST', '/v1/loyalties/camp_unknown/members', { body: { customer: 'x' } }),
      await service.call('POST', '/v1/events', { body: {} }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 404, 400]);
    responses.forEach((response, i) => {
      expect(response.headers.get('x-rate-limit-limit')).toBe('3');
      expect(response.headers.get('x-rate-limit-remaining')).toBe(String(2 - i));
      expect(response.headers.get('x-rate-limit-retry')).toBe(resetAt);
    });

    const limited = await service.call('GET', '/v1/loyalties');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 429,
      key: 'too_many_requests',
      message: 'Too many requests hit the API too quickly.',
      details: 'This project may make 3 requests per minute; try again in 30 s',
      request_id: expect.stringMatching(/^v-/),
    });
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(limited.headers.get('x-rate-limit-retry')).toBe(resetAt);

    // Another project has its own budget.
    expect((await service.call('GET', '/v1/loyalties', { auth: false, headers: otherProject })).status).toBe(200);
    // A limited request does nothing.
    const before = await service.database.execute('SELECT count(*)::int AS n FROM publications');
    const campaign = service.project.ids.campaigns.get('Fixed Club') as string;
    expect((await service.call('POST', `/v1/loyalties/${campaign}/members`, { body: { customer: 'late' } })).status).toBe(429);
    expect(await service.database.execute('SELECT count(*)::int AS n FROM publications')).toEqual(before);

    service.clock.set('2026-11-21T10:01:00.000Z');
    const next = await service.call('GET', '/v1/loyalties');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-rate-limit-remaining')).toBe('2');
  });

  it('two service processes sharing the database share the count (postgres store)', async () => {
    service.ctx.rateLimiter = new RateLimiter(new PostgresRateLimitStore(service.database), 5);
    const second = new RateLimiter(new PostgresRateLimitStore(service.database), 5);
    service.clock.set('2026-11-21T11:00:00.000Z');
    for (let i = 0; i < 3; i++) expect((await service.call('GET', '/v1/loyalties')).status).toBe(200);
    expect(await second.check(service.project.projectId, service.clock.now())).toMatchObject({ remaining: 1, exceeded: false });
    expect((await service.call('GET', '/v1/loyalties')).headers.get('x-rate-limit-remaining')).toBe('0');
    expect((await service.call('GET', '/v1/loyalties')).status).toBe(429);
  });

  it('leaves unauthenticated calls and public routes without a project count', async () => {
    service.ctx.rateLimiter = new RateLimiter(new MemoryRateLimitStore(), 1);
    for (let i = 0; i < 3; i++) {
      const health = await service.call('GET', '/healthz', { auth: false });
      expect(health.status).toBe(200);
      expect(health.headers.get('x-rate-limit-limit')).toBeNull();
      expect((await service.call('GET', '/v1/loyalties', { auth: false })).status).toBe(401);
    }
  });
});
