/**
 * Map drawing speed: 5,000 locations (half circles, half 20-vertex polygons) drawn by the dashboard's
 * map component and by plain Leaflet on a bare page, in one headless Chromium run. Prints the time
 * from data arrival (the locations handed to the page) to drawn (the frame after Leaflet's canvas
 * redraw), median of BENCH_RUNS fresh pages each, and the ratio. Targets: ≤ 1.5 s and ≤ 1.0× (react-leaflet must cost nothing measurable).
 * Usage: npm run bench:map   (BENCH_SHAPES, BENCH_RUNS, BENCH_SCREENSHOTS=<dir>; Chromium from PLAYWRIGHT_CHROMIUM_EXECUTABLE or /usr/bin/chromium)
 */
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { fmt } from '../support/autocannon';
import { benchLocations } from './shapes';

const shapes = Number(process.env.BENCH_SHAPES ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../out/map', import.meta.url));
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function buildPages(): Promise<void> {
  await build({
    root,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, rollupOptions: { input: { ours: join(root, 'ours.html'), plain: join(root, 'plain.html') } } },
  });
}

function serve(): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    const file = join(outDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(outDir) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** One measurement on a fresh page: load it, hand it the data, read the page's own timing. */
async function measure(browser: Browser, url: string, data: unknown[]): Promise<{ ms: number; drawn: string }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => typeof (window as unknown as { bench?: unknown }).bench === 'function');
  const ms = await page.evaluate((locations) => (window as unknown as { bench: (l: unknown[]) => Promise<number> }).bench(locations), data);
  const drawn = (await page.getByRole('status').textContent().catch(() => null)) ?? '';
  // BENCH_SCREENSHOTS=dir keeps a picture of each page, to see that both drew the same thing.
  if (process.env.BENCH_SCREENSHOTS) await page.screenshot({ path: join(process.env.BENCH_SCREENSHOTS, `bench-map-${new URL(url).pathname.slice(1, -5)}${new URL(url).search ? '-fit-first' : ''}.png`) });
  await page.close();
  if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
  return { ms, drawn };
}

async function main(): Promise<void> {
  await buildPages();
  const { server, base } = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const data = benchLocations(shapes);
    // One warm-up each (browser caches, JIT), then alternate so both see the same machine load.
    await measure(browser, `${base}/plain.html`, data);
    const warm = await measure(browser, `${base}/ours.html`, data);
    const plain: number[] = [];
    const plainFitFirst: number[] = [];
    const ours: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      plain.push((await measure(browser, `${base}/plain.html`, data)).ms);
      ours.push((await measure(browser, `${base}/ours.html`, data)).ms);
      plainFitFirst.push((await measure(browser, `${base}/plain.html?fitFirst`, data)).ms);
    }
    const oursMs = median(ours);
    const plainMs = median(plain);
    const fitFirstMs = median(plainFitFirst);
    console.log(`map: ${fmt(shapes)} shapes (${warm.drawn}), median of ${runs} fresh pages in headless Chromium`);
    console.log(`  our map component   ${fmt(oursMs)} ms   (runs: ${ours.map((v) => fmt(v)).join(', ')})`);
    console.log(`  plain Leaflet       ${fmt(plainMs)} ms   (runs: ${plain.map((v) => fmt(v)).join(', ')})`);
    console.log(`  plain, fitted first ${fmt(fitFirstMs)} ms   (runs: ${plainFitFirst.map((v) => fmt(v)).join(', ')}); ours / this: ${fmt(oursMs / fitFirstMs, 2)}×`);
    console.log(`  ratio ours / plain Leaflet ${fmt(oursMs / plainMs, 2)}×   targets: ≤ 1,500 ms ${oursMs <= 1500 ? 'met' : 'MISSED'}, ≤ 1.0× ${oursMs / plainMs <= 1.0 ? 'met' : 'MISSED'}`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
