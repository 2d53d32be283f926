import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { runExport } from '../../services/run-export';

/** List Exports: `order` by created_at or status either way, `limit` and `page`, exactly the exports asked for. */
describe.each(testDatabases())('List Exports: order, limit, page (%s)', (kind) => {
  let service: TestService;
  let dataDir: string;
  const made: string[] = [];
  const ids = async (query: string) => {
    const res = await service.call('GET', `/v1/exports?${query}`);
    expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
    return { ids: (res.body.exports as { id: string }[]).map((e) => e.id), total: res.body.total as number };
  };

  beforeAll(async () => {
    service = await startTestService(kind);
    dataDir = mkdtempSync(join(tmpdir(), 'exports-list-'));
    service.ctx.config.dataDir = dataDir;
    for (let n = 0; n < 3; n++) {
      service.clock.advance(1000);
      const res = await service.call('POST', '/v1/loyalties/members/FIX-BOB/transactions/export', { body: {} });
      expect(res.status).toBe(200);
      made.push(res.body.id);
    }
    // The middle one is DONE, the others still SCHEDULED.
    await runExport(service.ctx, made[1], { batchSize: 10 });
  });
  afterAll(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('newest first by default, oldest first with order=created_at, a page at a time', async () => {
    expect(await ids('')).toEqual({ ids: [...made].reverse(), total: 3 });
    expect((await ids('order=created_at')).ids).toEqual(made);
    expect((await ids('order=-created_at')).ids).toEqual([...made].reverse());
    expect(await ids('order=created_at&limit=2&page=2')).toEqual({ ids: [made[2]], total: 3 });
    expect(await ids('order=created_at&limit=2&page=3')).toEqual({ ids: [], total: 3 });
  });

  it('by status (DONE before SCHEDULED), then by creation in the same direction', async () => {
    expect((await ids('order=status')).ids).toEqual([made[1], made[0], made[2]]);
    expect((await ids('order=-status')).ids).toEqual([made[2], made[0], made[1]]);
  });
});
