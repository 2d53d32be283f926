import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { sealAssetId } from '../../lib/asset-id';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.each(testDatabases())('card images at /v1/assets (%s)', (kind) => {
  let service: TestService;
  let qrUrl: string;
  let barcodeUrl: string;

  beforeAll(async () => {
    service = await startTestService(kind);
    const card = await service.call('GET', '/v1/loyalties/members/FIX-001');
    qrUrl = card.body.assets.qr.url;
    barcodeUrl = card.body.assets.barcode.url;
  });
  afterAll(() => service.close());

  it('serves a card\'s QR code without keys (the ids are sealed), cacheable for a day, size × 10 px wide', async () => {
    const res = await fetch(`${qrUrl}?size=12`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 120, height: 120 });
    const byDefault = pngSize(Buffer.from(await (await fetch(qrUrl)).arrayBuffer()));
    expect(byDefault.width).toBe(200);
  });

  it('draws a barcode whose bars widen with size, and both kinds as SVG', async () => {
    const narrow = pngSize(Buffer.from(await (await fetch(`${barcodeUrl}?size=10`)).arrayBuffer()));
    const wide = pngSize(Buffer.from(await (await fetch(`${barcodeUrl}?size=30`)).arrayBuffer()));
    expect(wide.width).toBe(narrow.width * 3);
    for (const url of [qrUrl, barcodeUrl]) {
      const svg = await fetch(`${url}?format=svg`);
      expect(svg.headers.get('content-type')).toBe('image/svg+xml');
      expect(await svg.text()).toMatch(/^(<\?xml[^>]*>\s*)?<svg/);
    }
  });

  it('answers 404 with the error object for an id that was not sealed with this service\'s key, or was altered', async () => {
    const foreign = sealAssetId(Buffer.alloc(32, 7), service.project.projectId, 'FIX-001');
    const altered = qrUrl.replace(/\/([^/]+)$/, (_, id: string) => `/${id.slice(0, -2)}${id.endsWith('AA') ? 'BB' : 'AA'}`);
    for (const url of [`${service.baseUrl}/v1/assets/qr/${foreign}`, altered]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toMatchObject({ code: 404, key: 'not_found', resource_type: 'asset' });
    }
  });

  it('refuses an unknown kind, size or format, naming the parameter', async () => {
    const id = qrUrl.split('/').pop();
    for (const [url, field] of [
      [`${service.baseUrl}/v1/assets/pdf417/${id}`, 'kind'],
      [`${qrUrl}?size=0`, 'size'],
      [`${qrUrl}?size=101`, 'size'],
      [`${qrUrl}?format=gif`, 'format'],
    ] as const) {
      const res = await fetch(url);
      expect(res.status, url).toBe(400);
      const body = await res.json();
      expect(body.key).toMatch(/^invalid_(query_params|params)$/);
      expect(body.details, url).toContain(field);
      expect(body.request_id).toBeTruthy();
    }
  });
});
