/**
 * The service under test in a worker thread: its own event loop, as Prism has its own process, so
 * autocannon in the main thread does not share the server's thread. Messages: `ready` with what the
 * requests need; on `cpu`, this thread's CPU time so far in µs (process.threadCpuUsage: the service's
 * own thread, not autocannon's in the main thread nor V8's shared helper threads) plus, on
 * PostgreSQL, its webhook worker process's (/proc, also apart: `webhookMicros`); on `check`, the
 * double-publication count, the cards whose ledger is off and what the paid orders earned; on
 * `close`, shuts down.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../../src/server/config';
import { createService } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/platform/db/client';
import { loadFixture } from '../../src/server/seed/load-fixture';
import { startWebhooks } from '../../src/server/services/start-webhooks';
import { WebhookWorkerProcess } from '../../src/server/services/webhook-worker-process';
import { processCpu } from '../support/backend-cpu';
import { benchFixture, orderRuleName, visitRuleName } from './fixture';
import { handleWebhookMessage, type WebhookMessage } from './webhook-endpoint';

export interface WorkerInput {
  url?: string;
  cards: number;
  /** REQUEST_LOG of the service: on (the default) or off, for BENCH_REQUEST_LOG=compare. */
  requestLog?: 'on' | 'off';
}

export interface WorkerReady {
  base: string;
  appId: string;
  appToken: string;
  projectId: string;
  campaignId: string;
  bareCampaignId: string;
  earningRuleId: string;
  orderRuleId: string;
  rewardId: string;
}

/** What the paid orders earned: every order once, on its member's Order Club card. */
export interface OrdersChecked {
  /** Paid orders the service stored (the bare transaction's are not counted). */
  orders: number;
  /** Points on the Order Club cards, and their order-paid accruals. */
  points: number;
  accruals: number;
}

async function main(): Promise<void> {
  const input = workerData as WorkerInput;
  const database = await openDatabase(input.url ? { url: input.url } : { memory: true });
  const project = await loadFixture(database, benchFixture(input.cards));
  // The limiter stays in the path (its cost counts), with a limit the bench cannot reach.
  // BENCH_LOCAL_CONTROL=on also serves /_local/clock; the project clock's per-request cost (scope, offset lookup) is paid either way (issue 35).
  // Webhooks run as in every service process (serve.ts: WEBHOOK_WORKER, by default in the request
  // thread; WEBHOOK_WORKER=process measures the child process), polling with no endpoint; the receiver is on 127.0.0.1.
  const env = { RATE_LIMIT_PER_MINUTE: '1000000000', LOCAL_CONTROL: process.env.BENCH_LOCAL_CONTROL ?? 'off', WEBHOOK_PRIVATE_TARGETS: 'allow', REQUEST_LOG: input.requestLog ?? 'on', WEBHOOK_WORKER: process.env.WEBHOOK_WORKER ?? 'thread', WEBHOOK_WORKER_NICE: process.env.WEBHOOK_WORKER_NICE ?? '10' };
  const { app, ctx } = await createService(database, { ...loadConfig(env), port: 0 });
  const webhooks = startWebhooks(ctx);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const ruleId = async (name: string) => (await database.execute<{ id: string }>('SELECT id FROM earning_rules WHERE project_id = $1 AND name = $2', [project.projectId, name]))[0].id;
  const earningRuleId = await ruleId(visitRuleName);
  const orderRuleId = await ruleId(orderRuleName);
  parentPort?.postMessage({
    type: 'ready',
    ready: {
      base,
      appId: project.keys[0].appId,
      appToken: project.keys[0].appToken,
      projectId: project.projectId,
      campaignId: project.ids.campaigns.get('Bench Club'),
      bareCampaignId: project.ids.campaigns.get('Bare Club'),
      earningRuleId,
      orderRuleId,
      rewardId: project.ids.rewards.get('Bench reward'),
    } satisfies Partial<WorkerReady>,
  });
  parentPort?.on('message', async (message: string | WebhookMessage) => {
    if (typeof message === 'object') {
      parentPort?.postMessage(await handleWebhookMessage(ctx, project.projectId, message));
      return;
    }
    if (message === 'check') {
      const [{ dupes }] = await database.execute<{ dupes: number }>('SELECT count(*)::int AS dupes FROM (SELECT voucher_id FROM publications GROUP BY voucher_id HAVING count(*) > 1) d');
      const [{ reissued }] = await database.execute<{ reissued: number }>('SELECT count(*)::int AS reissued FROM vouchers WHERE publish_count > 1');
      // Every card's balance is its buckets' sum and never below zero, whatever ran on it.
      const [{ off }] = await database.execute<{ off: number }>(
        'SELECT count(*)::int AS off FROM vouchers v WHERE v.balance < 0 OR v.balance <> (SELECT coalesce(sum(b.remaining), 0) FROM point_buckets b WHERE b.voucher_id = v.id)',
      );
      const [{ orders }] = await database.execute<{ orders: number }>(
        "SELECT count(*)::int AS orders FROM orders WHERE project_id = $1 AND status = 'PAID' AND paid_at IS NOT NULL AND id NOT LIKE 'ord\\_bare\\_%'",
        [project.projectId],
      );
      const [{ points, accruals }] = await database.execute<{ points: number; accruals: number }>(
        `SELECT (SELECT coalesce(sum(v.points), 0)::float8 FROM vouchers v JOIN campaigns c ON c.id = v.campaign_id WHERE c.project_id = $1 AND c.name = 'Order Club') AS points,
                (SELECT count(*)::int FROM card_transactions t JOIN campaigns c ON c.id = t.campaign_id WHERE c.project_id = $1 AND c.name = 'Order Club' AND t.earning_rule_id = $2) AS accruals`,
        [project.projectId, orderRuleId],
      );
      parentPort?.postMessage({ type: 'checked', doubles: dupes + reissued, ledger: off, orders: { orders, points, accruals } satisfies OrdersChecked });
    }
    if (message === 'cpu') {
      const { user, system } = process.threadCpuUsage();
      const child = webhooks instanceof WebhookWorkerProcess && webhooks.pid !== undefined ? ((await processCpu(webhooks.pid)) ?? 0) : 0;
      parentPort?.postMessage({ type: 'cpu', micros: user + system + child, webhookMicros: child });
    }
    if (message === 'close') {
      await webhooks?.stop();
      await app.close();
      await database.close();
      parentPort?.postMessage({ type: 'closed' });
    }
  });
}

void main();
