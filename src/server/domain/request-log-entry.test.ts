import { describe, expect, it } from 'vitest';
import { requestLogBodyLimit } from '../../contract/request-log';
import { requestLogRecord, type AnsweredRequest } from './request-log-entry';

const answered = (overrides: Partial<AnsweredRequest>): AnsweredRequest => ({
  projectId: 'proj_1',
  requestId: 'v-1',
  at: new Date('2026-01-01T00:00:00Z'),
  method: 'POST',
  url: '/v1/customers',
  status: 200,
  durationMs: 1.23456,
  credential: { type: 'key', keyId: 'key-1', tokenId: null },
  dashboardUserId: null,
  params: {},
  body: undefined,
  payload: undefined,
  ...overrides,
});

describe('requestLogRecord', () => {
  it('blanks credential-like fields and URL parameters, in bodies and the query', () => {
    const record = requestLogRecord(
      answered({
        url: '/v1/exports/exp_1?token=abc&limit=2',
        body: { client_secret: 's3cr3t', nested: { password: 'pw', list: [{ access_token: 'tok' }] }, name: 'Ann' },
        payload: JSON.stringify({ access_token: 'tok2', url: 'https://x.test/file?token=dl&x=1', secret: null, key: 'not_found' }),
      }),
    );
    expect(record.path).toBe('/v1/exports/exp_1');
    expect(record.query).toBe('token=[redacted]&limit=2');
    expect(JSON.parse(record.requestBody as string)).toEqual({ client_secret: '[redacted]', nested: { password: '[redacted]', list: [{ access_token: '[redacted]' }] }, name: 'Ann' });
    expect(JSON.parse(record.responseBody as string)).toEqual({ access_token: '[redacted]', url: 'https://x.test/file?token=[redacted]&x=1', secret: null, key: 'not_found' });
    expect(record.durationMs).toBe(1.235);
  });

  it('collects the customer and card ids of the params, query and bodies', () => {
    const record = requestLogRecord(
      answered({
        params: { memberId: 'v_abc' },
        url: '/v1/x?customer=cust_q',
        body: { customer: 'cust_b' },
        payload: JSON.stringify({ holder_id: 'cust_r', cards: [{ id: 'v_def' }, { id: 'v_abc' }], code: 'ABC-1' }),
      }),
    );
    expect(record.customerIds).toEqual(['cust_b', 'cust_q', 'cust_r']);
    expect(record.cardIds).toEqual(['v_abc', 'v_def']);
  });

  it('keeps the customers and cards a request names by source id or code, where the API takes them', () => {
    const byParams = requestLogRecord(answered({ params: { customerId: 'shop-42', memberId: 'CARD-1', campaignId: 'Club' }, status: 400, payload: '{"code":400}' }));
    expect(byParams).toMatchObject({ customerIds: ['shop-42'], cardIds: ['CARD-1'] });
    const byBody = requestLogRecord(answered({ body: { customer: { source_id: 'shop-43', name: 'Ann' } } }));
    expect(byBody.customerIds).toEqual(['shop-43']);
  });

  it('cuts bodies at the documented size and says so; keeps text that is not JSON', () => {
    const long = 'x'.repeat(requestLogBodyLimit * 3);
    const record = requestLogRecord(answered({ body: { note: long }, payload: `plain ${long}` }));
    expect(record.requestBody).toHaveLength(requestLogBodyLimit);
    expect(record.requestBodyTruncated).toBe(true);
    expect(record.responseBody?.startsWith('plain x')).toBe(true);
    expect(record.responseBodyTruncated).toBe(true);
    const small = requestLogRecord(answered({ payload: 'id,code\n1,A' }));
    expect(small).toMatchObject({ responseBody: 'id,code\n1,A', responseBodyTruncated: false, requestBody: null });
  });

  it('redacts a body too large to parse as text, and survives nesting too deep to keep', () => {
    const big = `{"app_token":"zzz","holder_id":"cust_big","pad":"${'y'.repeat(1024 * 1024)}"}`;
    const bigRecord = requestLogRecord(answered({ payload: big }));
    expect(bigRecord.responseBody).toMatch(/^\{"app_token":"\[redacted\]","holder_id":"cust_big","pad":"yyy/);
    expect(bigRecord).toMatchObject({ responseBodyTruncated: true, customerIds: ['cust_big'] });
    let deep: unknown = 'cust_deep';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const record = requestLogRecord(answered({ body: deep }));
    expect(record.requestBody).toContain('[too deep]');
  });

  it('keeps no NUL in any text PostgreSQL would store: the named ids, a text answer, the path', () => {
    const record = requestLogRecord(answered({ url: '/v1/loyalties/members/a%00b', params: { memberId: 'a\u0000b' }, body: { customer: 'c\u0000' }, payload: 'id\u0000code' }));
    expect(record).toMatchObject({ path: '/v1/loyalties/members/a%00b', cardIds: ['a\ufffdb'], customerIds: ['c\ufffd'], responseBody: 'id\ufffdcode' });
    const texts = Object.values(record).flat().filter((v): v is string => typeof v === 'string');
    expect(texts.filter((t) => t.includes('\u0000'))).toEqual([]);
  });
});
