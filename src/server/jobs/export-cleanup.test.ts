import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { contractErrors } from '../../../test/support/openapi';
import { startTestService, type TestService } from '../../../test/support/service';
import { findExportById } from '../db/repositories/exports';
import { downloadTokenLifetimeMs } from '../lib/download-token';
import { cleanUpExportFiles } from '../services/export-file-cleanup';
import { runExport } from '../services/run-export';
import { exportFileKey } from '../storage/export-files';
import { exportCleanupQueue, exportCleanupWorker } from './export-cleanup-worker';
import { startWorkers } from './workers';

const hour = 60 * 60 * 1000;

describe.each(testDatabases())('export file cleanup (%s)', (kind) => {
  let service: TestService;
  let dataDir: string;
  const exportsDir = () => join(dataDir, 'exports');
  const fileOf = (id: string) => join(exportsDir(), exportFileKey(service.project.projectId, id));
  /** A finished export, DONE at the clock's time. */
  async function doneExport(): Promise<{ id: string; url: string }> {
    const created = await service.call('POST', '/v1/loyalties/members/FIX-BOB/transactions/export', { body: { parameters: { fields: ['id'] } } });
    await runExport(service.ctx, created.body.id);
    const done = await service.call('GET', `/v1/exports/${created.body.id}`);
    expect(done.body.status).toBe('DONE');
    return { id: created.body.id, url: done.body.result.url };
  }
  /** A file as a job would leave it, last written at `at`. */
  function placeFile(path: string, at: Date): void {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'id\r\n');
    utimesSync(path, at, at);
  }

  beforeAll(async () => {
    service = await startTestService(kind);
    dataDir = mkdtempSync(join(tmpdir(), 'export-cleanup-'));
    service.ctx.config.dataDir = dataDir;
  });
  afterAll(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes a DONE export’s file once its link expired; the export stays DONE with the same result, whose link says expired', async () => {
    service.clock.set('2026-02-01T10:00:00.000Z');
    const first = await doneExport();
    service.clock.set('2026-02-01T12:00:00.000Z');
    const second = await doneExport();
    const expiry = new Date(Date.parse('2026-02-01T10:00:00.000Z') + downloadTokenLifetimeMs);

    expect(await cleanUpExportFiles(service.ctx, new Date(expiry.getTime() - 1))).toEqual({ expired: 0, orphans: 0, abandoned: 0 });
    expect(existsSync(fileOf(first.id))).toBe(true);

    service.clock.set(expiry);
    expect(await cleanUpExportFiles(service.ctx)).toEqual({ expired: 1, orphans: 0, abandoned: 0 });
    expect(existsSync(fileOf(first.id))).toBe(false);
    expect((await findExportById(service.ctx.db, first.id))?.fileKey).toBeNull();
    const after = await service.call('GET', `/v1/exports/${first.id}`);
    expect(after.body).toMatchObject({ status: 'DONE', result: { url: first.url } });
    expect(contractErrors('supporting', '/v1/exports/{exportId}', 'get', 200, after.body)).toEqual([]);
    const download = await fetch(first.url);
    expect(download.status).toBe(401);
    expect((await download.json()).details).toContain('expired');

    // The later export's link still works, and its file is still served.
    expect(existsSync(fileOf(second.id))).toBe(true);
    expect((await fetch(second.url)).status).toBe(200);
    // Nothing left to do: a second run removes nothing.
    expect(await cleanUpExportFiles(service.ctx)).toEqual({ expired: 0, orphans: 0, abandoned: 0 });
  });

  it('removes files no export holds once they are an hour old, and partial files a crash left; newer ones stay', async () => {
    service.clock.set('2026-03-01T10:00:00.000Z');
    const now = service.clock.now();
    // The earlier test's second export has expired by now.
    expect(await cleanUpExportFiles(service.ctx)).toEqual({ expired: 1, orphans: 0, abandoned: 0 });
    const kept = await doneExport();
    placeFile(fileOf(kept.id), new Date(now.getTime() - 5 * hour));
    // Deleted while its job ran, and the job died before removing its file: the file belongs to no export.
    const deleted = await doneExport();
    expect((await service.call('DELETE', `/v1/exports/${deleted.id}`)).status).toBe(204);
    placeFile(fileOf(deleted.id), new Date(now.getTime() - hour - 1000));
    const recent = join(exportsDir(), exportFileKey(service.project.projectId, 'exp_justwritten'));
    placeFile(recent, new Date(now.getTime() - hour + 60_000));
    const stray = join(exportsDir(), 'proj_gone', 'notes.csv');
    placeFile(stray, new Date(now.getTime() - 2 * hour));
    const partials = join(exportsDir(), '.partial');
    placeFile(join(partials, 'proj_x__exp_dead.csv.0a0a'), new Date(now.getTime() - 2 * hour));
    placeFile(join(partials, 'proj_x__exp_live.csv.0b0b'), new Date(now.getTime() - 10 * 60_000));

    expect(await cleanUpExportFiles(service.ctx)).toEqual({ expired: 0, orphans: 2, abandoned: 1 });
    expect(existsSync(fileOf(deleted.id))).toBe(false);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(fileOf(kept.id))).toBe(true);
    expect(readdirSync(partials)).toEqual(['proj_x__exp_live.csv.0b0b']);
    expect((await fetch(kept.url)).status).toBe(200);

    // An hour on, the file nobody claimed goes too.
    service.clock.advance(hour);
    expect(await cleanUpExportFiles(service.ctx)).toMatchObject({ orphans: 1 });
    expect(existsSync(recent)).toBe(false);
  });

  it('runs as an hourly pg-boss job on the service database', async () => {
    const workers = await startWorkers(service.ctx, { registrations: [exportCleanupWorker], pollingIntervalSeconds: 0.5 });
    try {
      expect(await workers.boss.getSchedules()).toEqual([expect.objectContaining({ name: exportCleanupQueue.name, cron: '35 * * * *' })]);
      service.clock.set('2026-04-01T10:00:00.000Z');
      const done = await doneExport();
      service.clock.advance(downloadTokenLifetimeMs + hour);
      const jobId = await workers.boss.send(exportCleanupQueue.name, {});
      let state: string | undefined;
      const deadline = Date.now() + 30_000;
      while (state !== 'completed' && state !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = (await workers.boss.getJobById(exportCleanupQueue.name, jobId as string))?.state;
      }
      expect(state).toBe('completed');
      expect(existsSync(fileOf(done.id))).toBe(false);
      expect((await findExportById(service.ctx.db, done.id))?.fileKey).toBeNull();
    } finally {
      await workers.stop();
    }
  });
});
