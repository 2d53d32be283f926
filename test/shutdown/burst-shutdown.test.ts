import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases';
import { freePort, spawnCli, waitUntilAnswering } from '../support/processes';
import { startBurst, type BurstRequest } from '../support/request-burst';
import { seededDatabase, started, useCleanups, within } from './shutdown-support';

/**
 * SIGTERM in the middle of a burst of writes, on the real processes: src/cli/serve.ts on PostgreSQL,
 * src/cli/start.ts (the default, PGlite) on its API port. Half the clients open a new connection per
 * request, half keep theirs alive. Every request whose bytes reached the server before the signal
 * is answered (none reset, none closed unanswered). After the signal a request is answered or
 * refused (ECONNREFUSED: nothing was sent); a connection the kernel completed after the server
 * counted its listen backlog and still waiting when the listener closes is reset by the kernel,
 * never accepted. Every answered event is stored, and nothing else is. The process exits 0 well within SHUTDOWN_TIMEOUT_SECONDS. The
 * figures are printed (`… ms to exit; before the signal …; after it …`).
 */

const loops = 8;
const customers = Array.from({ length: 2 * loops }, (_, i) => ({ source_id: `burst-${i}`, name: `Burst ${i}` }));
const fixture = { project: { name: 'Burst project' }, api_keys: [{ name: 'burst key' }], customers };
const signalAfterAnswers = 150;
const timeoutSeconds = 10;

useCleanups();

/** Counts by outcome, e.g. `{ answered: 410, refused: 16 }`. */
function tally(requests: BurstRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of requests) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

describe.each(testDatabases())('SIGTERM during a burst of requests (%s)', (kind) => {
  it('answers every request sent before the signal, resets none of them, and stores exactly what it answered', { timeout: 180_000 }, async () => {
    const database = await seededDatabase(kind, fixture);
    const { keys } = database;
    const [port, proxyPort] = [await freePort(), await freePort()];
    const env = { ...database.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_SECONDS: String(timeoutSeconds) };
    const entry = kind === 'postgres' ? 'src/cli/serve.ts' : 'src/cli/start.ts';
    const server = started(
      spawnCli(entry, kind === 'postgres' ? env : { ...env, PROXY_PORT: String(proxyPort), PROXY_APP_ID: keys.appId, PROXY_APP_TOKEN: keys.appToken, DIST_DIR: join(tmpdir(), 'no-dashboard-build') }),
    );
    await waitUntilAnswering(server, `http://127.0.0.1:${port}/healthz`);

    const burst = startBurst({
      port,
      newConnectionLoops: loops,
      keepAliveLoops: loops,
      request: (n) => ({
        head: ['POST /v1/events HTTP/1.1', 'content-type: application/json', `x-app-id: ${keys.appId}`, `x-app-token: ${keys.appToken}`],
        body: JSON.stringify({ event: 'burst', customer: { source_id: `burst-${n % customers.length}` }, metadata: { n } }),
      }),
    });
    try {
      await expect.poll(() => burst.requests.filter((r) => r.outcome === 'answered').length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(signalAfterAnswers);
      burst.mark();
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await within(server.exited, timeoutSeconds * 1_000, 'the process exiting'), server.output()).toBe(0);
      const took = Date.now() - signalled;
      // Every loop ends on a refusal once the process is gone.
      await within(burst.ended, 10_000, 'every loop ending');

      const before = burst.requests.filter((r) => r.sentBeforeMark);
      const after = burst.requests.filter((r) => !r.sentBeforeMark);
      const figures = `${kind}: ${took} ms to exit; before the signal ${before.length} ${JSON.stringify(tally(before))} (new connection ${JSON.stringify(tally(before.filter((r) => r.loop === 'new connection')))}, keep-alive ${JSON.stringify(tally(before.filter((r) => r.loop === 'keep-alive')))}); after it ${after.length} ${JSON.stringify(tally(after))}`;
      console.log(figures);

      expect(before.filter((r) => r.outcome !== 'answered' || r.status !== 200), figures).toEqual([]);
      // After the signal: answered or refused, or reset by the kernel when the listener closes on it
      // unaccepted (so nothing written: see below); none is closed unanswered.
      expect(after.filter((r) => r.outcome === 'unanswered'), figures).toEqual([]);
      // Every loop ended on a refusal: the server stopped accepting.
      expect(after.filter((r) => r.outcome === 'refused')).toHaveLength(2 * loops);

      // Stored: exactly the events that were answered, so a refused request wrote nothing.
      const reopened = await database.open();
      try {
        const stored = await reopened.execute<{ n: number }>(`SELECT (metadata->>'n')::int AS n FROM events WHERE type = 'burst' ORDER BY 1`);
        const answered = burst.requests.filter((r) => r.outcome === 'answered' && r.status === 200).map((r) => r.n);
        expect(stored.map((row) => row.n)).toEqual(answered.sort((a, b) => a - b));
      } finally {
        await reopened.close();
      }
    } finally {
      await burst.stop();
    }
  });
});
