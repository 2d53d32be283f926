import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../platform/db/client';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { startWebhooks } from './start-webhooks';
import { WebhookWorker } from './webhook-worker';

/** On PGlite, embedded in the service process, the webhook worker runs in its thread: no other process can open the database. */
describe('startWebhooks on PGlite', () => {
  let database: Database;
  afterAll(async () => database?.close());

  it('runs the worker in this thread by default, none with off, and refuses a child process', async () => {
    database = await openDatabase({ memory: true });
    const ctx = await createContext(database, loadConfig({}));
    const worker = startWebhooks(ctx);
    expect(worker).toBeInstanceOf(WebhookWorker);
    await worker?.stop();
    expect(startWebhooks({ ...ctx, config: { ...ctx.config, webhookWorker: 'off' } })).toBeUndefined();
    expect(() => startWebhooks({ ...ctx, config: { ...ctx.config, webhookWorker: 'process' } })).toThrow(/WEBHOOK_WORKER=process needs PostgreSQL/);
  });
});
