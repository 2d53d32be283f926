import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { keyHeadersOf } from '../../../../test/support/oauth';
import { startTestService, type TestService } from '../../../../test/support/service';
import { loadFixture, type LoadedProject } from '../../seed/load-fixture';
import { RequestLogWriter } from '../../services/request-log-writer';
import { insertRequestLog, pruneRequestLog } from '../../db/repositories/request-log';
import type { AnsweredRequest } from '../../domain/request-log-entry';

/** Issue 48, fault 3: a NUL in one request's path cost the whole batch, other projects' entries included. */
describe.each(testDatabases())('The request log with text PostgreSQL cannot store (%s)', (kind) => {
  let service: TestService;
  let other: LoadedProject;

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture(), undefined, { requestLogSize: 1_000 });
    other = await loadFixture(service.database, { project: { name: 'Other project' }, api_keys: [{ name: 'their key' }] }, service.clock.now());
  });
  afterAll(async () => service.close());

  it('keeps a request whose path or body names a card or customer with a NUL, and every entry of its batch', async () => {
    await service.ctx.requestLog?.flush();
    const theirsBefore = await service.call('GET', '/v1/customers/nobody', { headers: keyHeadersOf(other.keys[0]) });
    const nul = await service.call('GET', '/v1/loyalties/members/a%00b');
    expect(nul.status).toBe(404);
    const nulBody = await service.call('POST', '/v1/loyalties/Fixed%20Club/members', { body: '{"customer":"c\\u0000d"}' });
    expect(nulBody.status).toBe(400);
    const mine = await service.call('GET', '/v1/customers/alice');
    const theirsAfter = await service.call('GET', '/v1/customers/nobody', { headers: keyHeadersOf(other.keys[0]) });

    const ours = await service.call('GET', '/_local/requests?order=at&limit=100');
    expect(ours.status).toBe(200);
    const ourIds = ours.body.requests.map((e: { id: string }) => e.id);
    for (const res of [nul, nulBody, mine]) expect(ourIds).toContain(res.headers.get('x-request-id'));
    const nulEntry = ours.body.requests.find((e: { id: string }) => e.id === nul.headers.get('x-request-id'));
    expect(nulEntry).toMatchObject({ path: '/v1/loyalties/members/a%00b', status: 404 });
    expect(nulEntry.card_ids).toEqual(['a\ufffdb']);
    const bodyEntry = ours.body.requests.find((e: { id: string }) => e.id === nulBody.headers.get('x-request-id'));
    expect(bodyEntry.customer_ids).toEqual(['c\ufffdd']);

    const theirs = await service.call('GET', '/_local/requests?order=at&limit=100', { headers: keyHeadersOf(other.keys[0]) });
    const theirIds = theirs.body.requests.map((e: { id: string }) => e.id);
    expect(theirIds).toEqual(expect.arrayContaining([theirsBefore.headers.get('x-request-id'), theirsAfter.headers.get('x-request-id')]));
  });

  it('writes the good entries of a batch the database refuses, and reports the refused one', async () => {
    const errors: unknown[] = [];
    const database = service.database;
    const writer = new RequestLogWriter(
      { insert: (records) => insertRequestLog(database.db, records), prune: (projectId, keep) => pruneRequestLog(database.db, projectId, keep) },
      { size: 1_000, delayMs: 10_000, onError: (error) => errors.push(error) },
    );
    const answered = (requestId: string, projectId: string, status: number): AnsweredRequest => ({
      projectId,
      requestId,
      at: new Date(),
      method: 'GET',
      url: '/v1/customers/alice',
      status,
      durationMs: 1,
      credential: { type: 'key', keyId: 'key-1', tokenId: null },
      dashboardUserId: null,
      params: {},
      body: undefined,
      payload: undefined,
    });
    // A status no int column holds stands for any entry the database refuses.
    writer.add(answered('v-good-1', service.project.projectId, 200));
    writer.add(answered('v-refused', service.project.projectId, 2 ** 40));
    writer.add(answered('v-good-2', other.projectId, 200));
    await writer.flush();
    const rows = await database.execute<{ request_id: string }>(`SELECT request_id FROM request_log WHERE request_id LIKE 'v-good-%' OR request_id = 'v-refused' ORDER BY seq`);
    expect(rows.map((r) => r.request_id)).toEqual(['v-good-1', 'v-good-2']);
    expect(errors.length).toBe(1);
  });
});
