import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from '../../platform/db/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import type { TestService } from '../../../test/support/service';
import { startWebhookTestService, subscribeEndpoint } from '../../../test/support/webhook-receiver';
import type { TransactionType } from '../domain/card-ledger';
import { cardTransactionEvents, producedWebhookEvents } from '../domain/webhook-events';
import { dispatchWebhookEvents } from './webhook-dispatch';
import { WebhookWorker } from './webhook-worker';

const everyType = Object.keys(cardTransactionEvents) as TransactionType[];
const negative = new Set<TransactionType>(['POINTS_REMOVAL', 'POINTS_TRANSFER_OUT', 'POINTS_EXPIRATION', 'POINTS_REDEMPTION']);

/**
 * Events are never invented and never lost: each committed card transaction reports exactly the
 * events of its type, a rolled-back one none, and a transaction that commits after one with a
 * larger seq was read is still reported (PostgreSQL, where commits interleave).
 */
describe.each(testDatabases())('Webhook events from the ledger (%s)', (kind) => {
  let service: TestService;
  let cardId: string;
  let campaignId: string;
  let n = 0;

  const insertText = `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, amount, balance, details, created_at) VALUES ($1, $2, $3, $4, $5, $6, 0, '{}'::jsonb, $7::timestamptz)`;
  const values = (type: TransactionType) => [`vtx_test${String(++n).padStart(6, '0')}`, service.project.projectId, cardId, campaignId, type, negative.has(type) ? -5 : 5, service.clock.now().toISOString()];
  const insert = (db: DbOrTx, row: unknown[]) =>
    db.execute(sql`INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, amount, balance, details, created_at) VALUES (${row[0]}, ${row[1]}, ${row[2]}, ${row[3]}, ${row[4]}, ${row[5]}, 0, '{}'::jsonb, ${row[6]}::timestamptz)`);
  /** The event types of the sendouts made so far, by the transaction they report. */
  const reported = async () => {
    const rows = await service.database.execute<{ body: string }>('SELECT body FROM webhook_sendouts ORDER BY seq');
    const envelopes = rows.map(({ body }) => JSON.parse(body));
    // The events of one change share a group; its transaction.created names the transaction.
    const transactionOf = new Map(envelopes.filter((e) => e.data.transaction).map((e) => [e.event.group_id, e.data.transaction.id as string]));
    const byTransaction = new Map<string, string[]>();
    for (const envelope of envelopes) {
      const id = transactionOf.get(envelope.event.group_id) as string;
      byTransaction.set(id, [...(byTransaction.get(id) ?? []), envelope.type]);
    }
    return byTransaction;
  };

  /** Every row written so far read (a transaction open elsewhere on the cluster may hold the horizon back a moment). */
  const dispatchAll = () => new WebhookWorker(service.ctx).runUntilCaughtUp();

  beforeAll(async () => {
    ({ service, card: { id: cardId, campaignId } } = await startWebhookTestService(kind));
    const created = await subscribeEndpoint(service, 'http://127.0.0.1:9/never-sent', producedWebhookEvents);
    expect(created.status).toBe(200);
    service.clock.advance(1000);
    await dispatchWebhookEvents(service.ctx);
  });
  afterAll(() => service.close());
  beforeEach(() => service.database.execute('DELETE FROM webhook_sendouts'));

  it('reports every card-transaction type with its events, once', async () => {
    const ids = new Map<TransactionType, string>();
    for (const type of everyType) {
      const row = values(type);
      await service.database.execute(insertText, row);
      ids.set(type, row[0] as string);
    }
    await dispatchAll();
    const byTransaction = await reported();
    for (const type of everyType) {
      expect(byTransaction.get(ids.get(type) as string), type).toEqual(cardTransactionEvents[type]);
      expect(cardTransactionEvents[type][0]).toBe('voucher.loyalty_card.transaction.created');
    }
    // Read again, nothing more.
    await dispatchWebhookEvents(service.ctx);
    expect([...(await reported()).values()].flat()).toHaveLength(everyType.reduce((sum, type) => sum + cardTransactionEvents[type].length, 0));
  });

  it('reports nothing of a rolled-back change', async () => {
    const row = values('POINTS_ADDITION');
    await expect(
      service.ctx.db.transaction(async (tx) => {
        await insert(tx, row);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await dispatchAll();
    expect((await reported()).get(row[0] as string)).toBeUndefined();
    expect((await service.database.execute('SELECT count(*)::int AS n FROM webhook_sendouts'))[0]).toEqual({ n: 0 });
  });

  it.runIf(kind === 'postgres')('reports a transaction that commits after a later one was read: nothing skipped for a smaller seq', async () => {
    const url = (service.database.pool as pg.Pool).options.connectionString as string;
    const [early, late] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([early.connect(), late.connect()]);
    try {
      const first = values('POINTS_ADDITION');
      const second = values('POINTS_ACCRUAL');
      await early.query('BEGIN');
      await early.query(insertText, first);
      await late.query('BEGIN');
      await late.query(insertText, second);
      await late.query('COMMIT');
      // The later transaction committed with the larger seq; the earlier one is still open.
      const [seqs] = (await service.database.execute<{ n: number }>(`SELECT count(*)::int AS n FROM card_transactions WHERE id = $1`, [second[0]]));
      expect(seqs.n).toBe(1);
      await dispatchWebhookEvents(service.ctx);
      expect((await reported()).size).toBe(0);
        await early.query('COMMIT');
      await dispatchAll();
      const byTransaction = await reported();
      expect([...byTransaction.keys()]).toEqual([first[0], second[0]]);
    } finally {
      await Promise.all([early.end(), late.end()]);
    }
  });
});
