import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningFixture } from './support/earning-fixture';
import { freePort } from './support/processes';
import { startTestService, type TestService } from './support/service';
import { createManagementKey } from '../src/server/services/management-keys';
import { WebhookWorker } from '../src/server/services/webhook-worker';

/** The receiver README's "Receiving webhooks" shows, exactly as written there. */
function readmeReceiver(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### Receiving webhooks'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('no js block under "Receiving webhooks"');
  return match[1];
}

describe('README: the webhook receiver verifies signatures', () => {
  let service: TestService;
  let child: ReturnType<typeof spawn>;
  let output = '';
  let port: number;
  let secret: string;

  beforeAll(async () => {
    service = await startTestService('pglite', earningFixture(), undefined, { webhookPrivateTargets: 'allow' });
    const { key, secret: token } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, service.project.projectId, 'readme');
    port = await freePort();
    const created = await service.call('POST', `/management/v1/projects/${service.project.projectId}/webhooks`, {
      body: { target_url: `http://127.0.0.1:${port}/webhooks`, events: ['customer.custom_event', 'voucher.loyalty_card.points_added'] },
      headers: { 'X-Management-Id': key.id, 'X-Management-Token': token },
      auth: false,
    });
    secret = created.body.secret;
    const file = join(mkdtempSync(join(tmpdir(), 'receiver-')), 'receiver.mjs');
    writeFileSync(file, readmeReceiver());
    child = spawn(process.execPath, [file], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => (output += String(chunk)));
    child.stderr?.on('data', (chunk) => (output += String(chunk)));
    for (let i = 0; i < 100 && !(await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then(() => true, () => false)); i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    child?.kill();
    await service.close();
  });

  it('takes a signed webhook from the service and refuses a forged one', async () => {
    service.clock.advance(1000);
    const event = await service.call('POST', '/v1/events', { body: { event: 'app_review', customer: { source_id: 'alice' }, metadata: { rating: 5 } } });
    expect(event.status).toBe(200);
    await new WebhookWorker(service.ctx).runUntilCaughtUp();
    const log = await service.database.execute<{ status_code: number }>('SELECT status_code FROM webhook_attempts');
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((a) => a.status_code === 200)).toBe(true);
    await expect.poll(() => output).toContain('customer.custom_event evcus_');

    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', headers: { 'x-voucherify-signature': '00'.repeat(32) }, body: '{"type":"customer.custom_event"}' });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
  });
});
