/**
 * bench:dashboard — what a cold visit to each dashboard page costs: JavaScript transferred (bytes on the
 * wire, after any compression) and Largest Contentful Paint, the median of BENCH_LOADS (default 3) cold
 * loads in headless Chromium at 1,440 px, each in a fresh browser context (empty cache). The reference
 * measured in the same run is the same JavaScript's decoded size, so the ratio shows what compression
 * saves whatever the host's speed; LCP is absolute and drifts with the host's load.
 *
 * Starts `npm start`'s code path (src/cli/start.ts, fresh demo data in a temporary DATA_DIR) on ports of
 * its own, against the dist/ there is: run `npm run build` first. Usage: npm run bench:dashboard
 * (BENCH_PROXY_PORT, default 3400; BENCH_SERVICE_PORT, default 3410; PLAYWRIGHT_CHROMIUM_EXECUTABLE.)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';

const loads = Number(process.env.BENCH_LOADS ?? 3);
const proxyPort = Number(process.env.BENCH_PROXY_PORT ?? 3400);
const servicePort = Number(process.env.BENCH_SERVICE_PORT ?? 3410);
const base = `http://localhost:${proxyPort}`;

/** Each page with what shows it has its data (LCP alone can fire on the shell). */
const pages: { name: string; path: string; ready: string }[] = [
  { name: 'Home', path: '/', ready: 'main h1' },
  { name: 'Members', path: '/members', ready: 'main table tbody tr, main [data-testid="member-card"]' },
  { name: 'Member', path: '/members/COFFEE-0005', ready: 'main h1' },
  { name: 'Enroll', path: '/enroll', ready: 'main h1' },
  { name: 'Earning rules', path: '/earning-rules', ready: 'main h1' },
  { name: 'Events', path: '/events', ready: 'main h1' },
  { name: 'Exports', path: '/exports', ready: 'main h1' },
  { name: 'Segments', path: '/segments', ready: 'main h1' },
  { name: 'Locations', path: '/locations', ready: 'main h1' },
];

interface Load { jsTransferred: number; jsDecoded: number; lcp: number }

async function coldLoad(browser: Browser, path: string, ready: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  const figures = await page.evaluate(async () => {
    const lcp = await new Promise<number>((done) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        done(entries[entries.length - 1].startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => done(Number.NaN), 3000);
    });
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    return {
      lcp,
      jsTransferred: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      jsDecoded: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    };
  });
  await context.close();
  return figures;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function waitForProxy(): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(base + '/')).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The dashboard did not answer at ${base} within 2 minutes`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  const stack = spawn('npx', ['tsx', 'src/cli/start.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(servicePort), PROXY_PORT: String(proxyPort), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await waitForProxy();
    const browser = await chromium.launch({ executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    // One warm-up visit so the first page measured does not pay for the service's first queries.
    await coldLoad(browser, '/', 'main h1');
    console.log(`Dashboard cold loads at 1,440 px, median of ${loads} (JS transferred vs its decoded size, same run)`);
    console.log('| Page | JS transferred (KiB) | JS decoded (KiB) | transferred / decoded | LCP (ms) |');
    console.log('|---|---:|---:|---:|---:|');
    for (const { name, path, ready } of pages) {
      const runs: Load[] = [];
      for (let i = 0; i < loads; i++) runs.push(await coldLoad(browser, path, ready));
      const transferred = median(runs.map((run) => run.jsTransferred));
      const decoded = median(runs.map((run) => run.jsDecoded));
      const lcp = median(runs.map((run) => run.lcp));
      console.log(`| ${name} | ${(transferred / 1024).toFixed(0)} | ${(decoded / 1024).toFixed(0)} | ${(transferred / decoded).toFixed(2)} | ${lcp.toFixed(0)} |`);
    }
    await browser.close();
  } finally {
    if (stack.pid) process.kill(-stack.pid, 'SIGTERM');
    await new Promise((resolve) => stack.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
