import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportObjectSchema } from '../../../contract/export';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { runExport } from '../../services/run-export';

/**
 * The published export schema holds `campaign_id.$in`'s items to one character (minLength and
 * maxLength 1) while its own example echoes a whole campaign id: the example wins, so that one
 * value is checked by our schema and replaced for the contract's.
 */
function withOneCharacterCampaign(body: { parameters: { filters?: Record<string, { conditions?: { $in?: string[] } }> } }) {
  const copy = structuredClone(body);
  if (copy.parameters.filters?.campaign_id?.conditions?.$in) copy.parameters.filters.campaign_id.conditions.$in = ['c'];
  return copy;
}

describe.each(testDatabases())('program-wide exports (%s)', (kind) => {
  let service: TestService;
  let dataDir: string;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const card = (code: string) => (service.project.ids.cards.get(code) as { id: string }).id;

  async function csvOf(path: string, body?: unknown): Promise<{ created: { body: Record<string, unknown> }; lines: string[] }> {
    const created = await service.call('POST', path, { body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await runExport(service.ctx, created.body.id, { batchSize: 2 });
    const done = await service.call('GET', `/v1/exports/${created.body.id}`);
    expect(done.body.status).toBe('DONE');
    const file = await fetch(done.body.result.url);
    expect(file.status).toBe(200);
    return { created, lines: (await file.text()).split('\r\n').filter(Boolean) };
  }

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
    service.clock.set('2026-05-10T12:00:00.000Z');
    dataDir = mkdtempSync(join(tmpdir(), 'campaign-exports-'));
    service.ctx.config.dataDir = dataDir;
    // A second transaction on Bob's card, and one in another program that must stay out.
    expect((await service.call('POST', '/v1/loyalties/members/FIX-BOB/balance', { body: { points: 25, reason: 'later' } })).status).toBe(200);
    expect((await service.call('POST', '/v1/loyalties/members/AUTO-ALICE/balance', { body: { points: 9 } })).status).toBe(200);
  });
  afterAll(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('Export Loyalty Campaign Transactions: SCHEDULED with the program as campaign_id $in, then every transaction of its cards', async () => {
    const body = { parameters: { order: '-created_at', fields: ['id', 'type', 'voucher_id', 'amount'], filters: { junction: 'and', created_at: { conditions: { $after: '2020-01-01T00:00:00.000Z' } } } } };
    const { created, lines } = await csvOf(`/v1/loyalties/${fixed()}/transactions/export`, body);
    expect(created.body).toMatchObject({
      object: 'export',
      status: 'SCHEDULED',
      channel: 'API',
      exported_object: 'voucher_transactions',
      result: null,
      user_id: null,
      parameters: { order: '-created_at', fields: ['id', 'type', 'voucher_id', 'amount'], filters: { junction: 'and', created_at: { conditions: { $after: '2020-01-01T00:00:00.000Z' } }, campaign_id: { conditions: { $in: [fixed()] } } } },
    });
    expect(exportObjectSchema.parse(created.body)).toBeTruthy();
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}/transactions/export', 'post', 200, withOneCharacterCampaign(created.body as never))).toEqual([]);

    const expected = await service.database.execute<{ id: string }>('SELECT id FROM card_transactions WHERE campaign_id = $1 ORDER BY created_at DESC, seq DESC', [fixed()]);
    expect(expected.length).toBeGreaterThan(3);
    expect(lines[0]).toBe('id,type,voucher_id,amount');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected.map((r) => r.id));
    expect(lines.slice(1).every((line) => !line.includes(card('AUTO-ALICE')))).toBe(true);
  });

  it('selects by voucher_id (id or code) and by days, joined by the junction; no body exports every column but campaign_id', async () => {
    const bob = await csvOf(`/v1/loyalties/${fixed()}/transactions/export`, { parameters: { fields: ['voucher_id', 'amount'], order: 'created_at', filters: { voucher_id: { conditions: { $in: ['FIX-BOB'] } } } } });
    const bobRows = await service.database.execute<{ amount: string }>('SELECT amount FROM card_transactions WHERE voucher_id = $1 ORDER BY created_at, seq', [card('FIX-BOB')]);
    expect(bob.lines.slice(1)).toEqual(bobRows.map((r) => `${card('FIX-BOB')},${r.amount}`));
    const byId = await csvOf(`/v1/loyalties/${fixed()}/transactions/export`, { parameters: { fields: ['voucher_id'], filters: { voucher_id: { conditions: { $is: card('FIX-BOB') } } } } });
    expect(byId.lines.length).toBe(bob.lines.length);
    // Either card: Bob's by id, or anything in the last day (the addition made in beforeAll, and any other of today).
    const recent = await csvOf(`/v1/loyalties/${fixed()}/transactions/export`, {
      parameters: { fields: ['voucher_id'], filters: { junction: 'or', voucher_id: { conditions: { $is: card('FIX-BOB') } }, created_at: { conditions: { $less_than: 1 } } } },
    });
    expect(recent.lines.length).toBeGreaterThanOrEqual(bob.lines.length);
    const none = await csvOf(`/v1/loyalties/${fixed()}/transactions/export`, { parameters: { fields: ['id'], filters: { voucher_id: { conditions: { $is: 'FIX-NOBODY' } } } } });
    expect(none.lines).toEqual(['id']);
    const all = await csvOf(`/v1/loyalties/${fixed()}/transactions/export`);
    expect(all.lines[0]).toBe('id,type,source_id,reason,balance,amount,created_at,voucher_id,details,related_transaction_id,source');
  });

  it('Export Loyalty Campaign Point Expiration: the program’s buckets that hold points, with status and last day', async () => {
    const body = { parameters: { fields: ['id', 'campaign_id', 'voucher_id', 'status', 'expires_at', 'points'], order: '-expires_at', filters: { junction: 'and', campaign_id: { conditions: { $is: fixed() } } } } };
    const { created, lines } = await csvOf(`/v1/loyalties/${fixed()}/points-expiration/export`, body);
    expect(created.body).toMatchObject({ object: 'export', status: 'SCHEDULED', channel: 'API', exported_object: 'points_expiration', result: null, user_id: null, parameters: body.parameters });
    expect(exportObjectSchema.parse(created.body)).toBeTruthy();
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}/points-expiration/export', 'post', 200, created.body)).toEqual([]);
    const buckets = await service.database.execute<{ id: string; voucher_id: string; remaining: string; expires_on: string | null }>(
      "SELECT b.id, b.voucher_id, b.remaining, b.expires_on FROM point_buckets b JOIN vouchers v ON v.id = b.voucher_id WHERE v.campaign_id = $1 AND b.remaining > 0 ORDER BY COALESCE(b.expires_on, '9999-12-31') DESC, b.id DESC",
      [fixed()],
    );
    expect(buckets.length).toBeGreaterThan(0);
    expect(lines).toEqual(['id,campaign_id,voucher_id,status,expires_at,points', ...buckets.map((b) => `${b.id},${fixed()},${b.voucher_id},ACTIVE,${b.expires_on ?? ''},${b.remaining}`)]);

    const bob = await csvOf(`/v1/loyalties/${fixed()}/points-expiration/export`, { parameters: { fields: ['voucher_id'], filters: { voucher_id: { conditions: { $in: ['FIX-BOB'] } } } } });
    expect(new Set(bob.lines.slice(1))).toEqual(new Set([card('FIX-BOB')]));
    const otherProgram = await csvOf(`/v1/loyalties/${fixed()}/points-expiration/export`, { parameters: { filters: { campaign_id: { conditions: { $is_not: fixed() } } } } });
    expect(otherProgram.lines).toEqual(['id,campaign_id,voucher_id,status,expires_at,points']);
  });

  it('refuses bad input naming the field and writes nothing; 404 for an unknown program', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [string, unknown, string][] = [
      ['transactions', { parameters: { fields: ['campaign_id'] } }, 'parameters.fields.0'],
      ['transactions', { parameters: { filters: { campaign_id: { conditions: { $in: ['x'] } } } } }, 'parameters.filters'],
      ['transactions', { parameters: { filters: { created_at: { conditions: { $after: 'yesterday' } } } } }, 'parameters.filters.created_at.conditions.$after'],
      ['transactions', { parameters: { order: 'amount' } }, 'parameters.order'],
      ['points-expiration', { parameters: { fields: ['balance'] } }, 'parameters.fields.0'],
      ['points-expiration', { parameters: { order: 'created_at' } }, 'parameters.order'],
      ['points-expiration', { parameters: { filters: { voucher_id: { conditions: { $in: 'FIX-BOB' } } } } }, 'parameters.filters.voucher_id.conditions.$in'],
      ['points-expiration', { parameters: { filters: { junction: 'xor' } } }, 'parameters.filters.junction'],
    ];
    for (const [kindOf, body, property] of cases) {
      const res = await service.call('POST', `/v1/loyalties/${fixed()}/${kindOf}/export`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', request_id: expect.any(String) });
      expect(res.body.details).toContain(`Property .${property}`);
    }
    const unknownTop = await service.call('POST', `/v1/loyalties/${fixed()}/transactions/export`, { body: { format: 'xlsx' } });
    expect(unknownTop.body).toMatchObject({ code: 400, key: 'invalid_payload' });
    expect(unknownTop.body.details).toContain('format');
    for (const kindOf of ['transactions', 'points-expiration']) {
      const res = await service.call('POST', `/v1/loyalties/camp_nope/${kindOf}/export`, { body: {} });
      expect(res.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'campaign', resource_id: 'camp_nope' });
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
