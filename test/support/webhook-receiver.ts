import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createManagementKey } from '../../src/server/services/management-keys';
import type { DatabaseKind } from './databases';
import { startTestService, type TestService } from './service';

export interface ReceivedWebhook {
  /** The request's path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

/** A webhook receiver on 127.0.0.1 that records what it gets and answers `status()` (200 unless changed). */
export async function startReceiver(): Promise<{ url: string; received: ReceivedWebhook[]; status: { code: number }; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const status = { code: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: request.url ?? '', headers: request.headers, body, json: JSON.parse(body) });
      response.writeHead(status.code, { 'content-type': 'text/plain' });
      response.end(status.code < 300 ? 'ok' : `failed ${'x'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    status,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers of a management key pair made for the test service's project (the Management API takes no API key). */
export async function managementHeaders(service: TestService): Promise<Record<string, string>> {
  const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, service.project.projectId, 'hooks');
  return { 'X-Management-Id': key.id, 'X-Management-Token': secret };
}

/** Subscribes `targetUrl` to `events` in the test service's project, as the Management API does with a key pair made for it: the creation's answer. */
export async function subscribeEndpoint(service: TestService, targetUrl: string, events: readonly string[]) {
  return service.call('POST', `/management/v1/projects/${service.project.projectId}/webhooks`, {
    body: { target_url: targetUrl, events },
    headers: await managementHeaders(service),
    auth: false,
  });
}

/**
 * A test service whose webhooks may target 127.0.0.1, with the demo card FIX-BOB (its id and
 * program) to write card transactions on, and a management key pair's headers for the Management API.
 */
export async function startWebhookTestService(kind: DatabaseKind) {
  const service = await startTestService(kind, undefined, undefined, { webhookPrivateTargets: 'allow' });
  const [card] = await service.database.execute<{ id: string; campaign_id: string }>(`SELECT id, campaign_id FROM vouchers WHERE code = 'FIX-BOB'`);
  return { service, card: { id: card.id, campaignId: card.campaign_id }, management: await managementHeaders(service) };
}
