import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheHeaders, registerDashboardAssets } from './dashboard-assets';

/** A dist/ as `vite build` leaves it: each text file with its .br and .gz, a hashed asset and its map. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dashboard-assets-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><script type="module" src="/assets/index-B1a2c3D4.js"></script>',
    'assets/index-B1a2c3D4.js': `console.log(${JSON.stringify('dashboard '.repeat(500))});\n//# sourceMappingURL=index-B1a2c3D4.js.map`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'assets/index-B1a2c3D4.js.map'), '{"version":3}');
  return dist;
}

async function server(dist: string, serveSourceMaps = false): Promise<FastifyInstance> {
  const app = Fastify();
  await registerDashboardAssets(app, { distDir: dist, serveSourceMaps, notFound: (_request, reply) => reply.status(404).send({ code: 404, key: 'not_found' }) });
  return app;
}

describe('the built dashboard as the proxy serves it', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = fakeBuild();
    app = await server(dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed brotli file to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await app.inject({ url: '/assets/index-B1a2c3D4.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^console\.log/);
    expect(br.rawPayload.length).toBeLessThan(200);

    const gz = await app.inject({ url: '/assets/index-B1a2c3D4.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/^console\.log/);

    const plain = await app.inject({ url: '/assets/index-B1a2c3D4.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toMatch(/^console\.log/);
  });

  it('caches hashed assets for a year as immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await app.inject({ url: '/assets/index-B1a2c3D4.js', headers: { 'accept-encoding': encoding } });
      expect(response.headers['cache-control']).toBe(cacheHeaders.hashed);
      expect(cacheHeaders.hashed).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes browsers revalidate index.html, at / and on every client-side route, compressed too', async () => {
    for (const url of ['/', '/index.html', '/members/COFFEE-0001', '/earning-rules?program=camp_1']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toMatch(/^<!doctype html>/);
    }
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve source maps unless configured to', async () => {
    const hidden = await app.inject({ url: '/assets/index-B1a2c3D4.js.map' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ key: 'not_found' });
    const debugging = await server(dist, true);
    const shown = await debugging.inject({ url: '/assets/index-B1a2c3D4.js.map' });
    expect(shown.statusCode).toBe(200);
    expect(shown.payload).toBe('{"version":3}');
    await debugging.close();
  });

  it('answers a missing file with the not-found answer, not the SPA', async () => {
    const response = await app.inject({ url: '/assets/gone-12345678.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ key: 'not_found' });
  });
});
