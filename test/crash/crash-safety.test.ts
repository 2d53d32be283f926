import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { scratchPostgresDatabase, testDatabases } from '../support/databases';

/**
 * Crash safety: the real service process (src/cli/serve.ts) takes a burst of enrollments and events,
 * is killed with SIGKILL in the middle of it, and restarts on the same data. Every request answered
 * 200 must be there, nothing that was never sent or was refused may be, and no card may be
 * published twice. Requests in flight at the kill may have committed or not (their answer was
 * lost): that is the only ambiguity, and it is bounded by the concurrency.
 *
 * PGlite survives this because its NodeFS mounts Emscripten's NODEFS on the data directory: every
 * write(2) PostgreSQL makes for a WAL flush is a synchronous fs.writeSync into the real file, so a
 * commit has reached the operating system before it is answered. NODEFS has no fsync, though (the
 * call is a no-op), so an operating-system crash or power loss can still lose recent commits: the
 * embedded database is durable against the process dying, PostgreSQL against the machine dying.
 */

const cards = 300;
const burst = 360;
const concurrency = 12;
const killAfterAnswers = 120;

function fixture() {
  return {
    project: { name: 'Crash project' },
    api_keys: [{ name: 'crash key' }],
    customers: [{ source_id: 'crash-holder', name: 'Crash Holder' }],
    campaigns: [
      {
        name: 'Crash Club',
        type: 'STATIC',
        cards: [...Array.from({ length: cards }, (_, i) => ({ code: `CRASH-${String(i).padStart(4, '0')}` })), { code: 'CRASH-HOLDER', holder: 'crash-holder' }],
      },
    ],
    // Every paid order of the holder earns 1 point on CRASH-HOLDER.
    earning_rules: [
      {
        name: 'A point per order',
        trigger: { event: 'customer.order.paid', custom_event: null, segment: null },
        earnings: [{ name: 'One', rules: null, effects: [{ type: 'POINTS', points: { value: 1 } }] }],
        campaigns: ['Crash Club'],
      },
    ],
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Target {
  env: Record<string, string>;
  /** Opens the data directly, with the service stopped (PGlite has one opener per directory). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'crash-pglite-'));
  return { env: { DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTarget(): Promise<Target> {
  const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'crash');
  return { env: { DATABASE_URL: scratch.url }, open: () => openDatabase({ url: scratch.url }), cleanup: () => scratch.drop() };
}

async function startService(target: Target, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/serve.ts'], {
    env: { ...process.env, ...target.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok).catch(() => false);
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not come up within 60 s');
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

type Outcome = { kind: 'enroll' | 'event' | 'order'; ref: string; sent: boolean; status?: number; code?: string };

const kinds = ['enroll', 'event', 'order'] as const;

function requestOf(outcome: Outcome, campaignId: string): [string, object] {
  if (outcome.kind === 'enroll') return [`/v1/loyalties/${campaignId}/members`, { customer: { source_id: outcome.ref, name: 'Crash Customer' } }];
  if (outcome.kind === 'event') return ['/v1/events', { event: 'crash-visit', customer: { source_id: outcome.ref }, metadata: { n: 1 } }];
  return ['/v1/orders', { source_id: outcome.ref, customer: { source_id: 'crash-holder' }, status: 'PAID', amount: 100 }];
}

/** The burst: enrollments, events and paid orders interleaved, `concurrency` at a time; SIGKILL once enough are answered. */
async function burstAndKill(child: ChildProcess, port: number, headers: Record<string, string>, campaignId: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = Array.from({ length: burst }, (_, i) => ({ kind: kinds[i % kinds.length], ref: `crash-${i}`, sent: false }));
  let next = 0;
  let answered = 0;
  let killed = false;
  const worker = async () => {
    while (!killed && next < burst) {
      const outcome = outcomes[next++];
      outcome.sent = true;
      const [path, body] = requestOf(outcome, campaignId);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        const json = (await response.json()) as { code?: string };
        outcome.status = response.status;
        if (outcome.kind === 'enroll' && response.status === 200) outcome.code = json.code;
        if (++answered === killAfterAnswers) {
          killed = true;
          child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the process: the answer is lost.
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await exited(child);
  return outcomes;
}

describe.each([...testDatabases().map((kind) => (kind === 'pglite' ? 'persisted PGlite' : 'PostgreSQL'))])('crash safety (%s)', (label) => {
  let target: Target | undefined;
  afterAll(async () => target?.cleanup());

  it('keeps every answered write, and only writes that were sent, across SIGKILL mid-burst', { timeout: 240_000 }, async () => {
    target = label === 'PostgreSQL' ? await postgresTarget() : await pgliteTarget();
    const seeded = await target.open();
    const project = await loadFixture(seeded, fixture());
    await seeded.close();
    const campaignId = project.ids.campaigns.get('Crash Club') as string;
    const headers = { 'X-App-Id': project.keys[0].appId, 'X-App-Token': project.keys[0].appToken, 'content-type': 'application/json' };

    const port = await freePort();
    const outcomes = await burstAndKill(await startService(target, port), port, headers, campaignId);
    const answered = outcomes.filter((o) => o.status !== undefined);
    const inFlight = outcomes.filter((o) => o.sent && o.status === undefined);
    // The kill really came mid-burst: some answered, some lost, some never sent.
    expect(answered.length).toBeGreaterThanOrEqual(killAfterAnswers);
    expect(outcomes.filter((o) => !o.sent).length).toBeGreaterThan(0);
    expect(inFlight.length).toBeLessThanOrEqual(concurrency);
    expect(answered.every((o) => o.status === 200)).toBe(true);

    // It restarts on the same data and serves.
    const restarted = await startService(target, port);
    const list = await fetch(`http://127.0.0.1:${port}/v1/loyalties/${campaignId}/members?limit=1`, { headers });
    expect(list.status).toBe(200);
    restarted.kill('SIGTERM');
    await exited(restarted);

    const database = await target.open();
    try {
      const published = await database.execute<{ source_id: string; code: string }>(
        `SELECT c.source_id, v.code FROM publications p JOIN customers c ON c.id = p.customer_id JOIN vouchers v ON v.id = p.voucher_id WHERE c.source_id LIKE 'crash-%' AND c.source_id <> 'crash-holder'`,
      );
      const tracked = await database.execute<{ source_id: string }>(`SELECT c.source_id FROM events e JOIN customers c ON c.id = e.customer_id WHERE c.source_id LIKE 'crash-%' AND c.source_id <> 'crash-holder'`);
      const ordered = new Set((await database.execute<{ source_id: string }>(`SELECT source_id FROM orders WHERE source_id LIKE 'crash-%'`)).map((r) => r.source_id));
      const publishedBy = new Map(published.map((r) => [r.source_id, r.code]));
      const trackedFor = new Set(tracked.map((r) => r.source_id));

      // Every 200 is there, with the card it answered.
      for (const o of answered.filter((a) => a.kind === 'enroll')) expect(publishedBy.get(o.ref), o.ref).toBe(o.code);
      for (const o of answered.filter((a) => a.kind === 'event')) expect(trackedFor.has(o.ref), o.ref).toBe(true);
      for (const o of answered.filter((a) => a.kind === 'order')) expect(ordered.has(o.ref), o.ref).toBe(true);
      // Each stored order earned exactly once, and the holder's card, its ledger and its buckets agree.
      const [holder] = await database.execute<{ balance: number; accruals: number; buckets: number }>(
        `SELECT v.balance::int AS balance,
           (SELECT count(*)::int FROM card_transactions t WHERE t.voucher_id = v.id AND t.type = 'POINTS_ACCRUAL') AS accruals,
           (SELECT coalesce(sum(remaining), 0)::int FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets
         FROM vouchers v WHERE v.code = 'CRASH-HOLDER'`,
      );
      expect(holder).toEqual({ balance: ordered.size, accruals: ordered.size, buckets: ordered.size });
      // Nothing else: what is stored was sent, and beyond the answered ones only in-flight requests may have landed.
      const allowed = new Set([...answered, ...inFlight].map((o) => o.ref));
      for (const ref of [...publishedBy.keys(), ...trackedFor, ...ordered]) expect(allowed.has(ref), ref).toBe(true);
      expect(published.length + tracked.length + ordered.size).toBeLessThanOrEqual(answered.length + inFlight.length);
      expect(published.length).toBe(new Set(published.map((r) => r.source_id)).size);
      const landed = inFlight.filter((o) => publishedBy.has(o.ref) || trackedFor.has(o.ref) || ordered.has(o.ref)).length;
      console.info(`${label}: ${answered.length} answered 200 and kept; ${inFlight.length} lost in flight (${landed} of them committed); ${outcomes.filter((o) => !o.sent).length} never sent`);

      // No card published twice, and the cards' own flags agree with the publications.
      const [{ dupes }] = await database.execute<{ dupes: number }>('SELECT count(*)::int AS dupes FROM (SELECT voucher_id FROM publications GROUP BY voucher_id HAVING count(*) > 1) d');
      expect(dupes).toBe(0);
      expect(new Set(published.map((r) => r.code)).size).toBe(published.length);
      const [{ mismatched }] = await database.execute<{ mismatched: number }>(
        `SELECT count(*)::int AS mismatched FROM vouchers v LEFT JOIN publications p ON p.voucher_id = v.id
         WHERE v.campaign_id = $1 AND (v.holder_id IS DISTINCT FROM p.customer_id OR v.publish_count <> (CASE WHEN p.id IS NULL THEN 0 ELSE 1 END))`,
        [campaignId],
      );
      expect(mismatched).toBe(0);
    } finally {
      await database.close();
    }
  });
});
