import { describe, expect, it } from 'vitest';
import type { ExportObject } from '../../../../contract/export';
import { exportedCardCode, exportedContentsLabel, formatElapsed, proxiedDownloadUrl, startedBy } from './export-display';

describe('export display', () => {
  it('reads the card from the filter the service adds', () => {
    const item = { exported_object: 'voucher_transactions', parameters: { filters: { voucher_id: { conditions: { $in: ['COFFEE-0005'] } } } } } as unknown as ExportObject;
    expect(exportedCardCode(item)).toBe('COFFEE-0005');
    expect(exportedCardCode({ exported_object: 'voucher_transactions', parameters: {} } as ExportObject)).toBeUndefined();
  });

  it('names what an export of orders holds, which has no card', () => {
    const orders = { exported_object: 'order', parameters: { filters: { voucher_id: { conditions: { $in: ['COFFEE-0005'] } } } } } as unknown as ExportObject;
    expect(exportedCardCode(orders)).toBeUndefined();
    expect(exportedContentsLabel(orders)).toBe('Orders');
    expect(exportedContentsLabel({ exported_object: 'voucher_transactions' })).toBe('—');
  });

  it('sends the download through the proxy, keeping path and token', () => {
    expect(proxiedDownloadUrl('https://download.voucherify.io/v1/exports/exp_1?token=a-b_c')).toBe('/api/v1/exports/exp_1?token=a-b_c');
    expect(proxiedDownloadUrl('http://localhost:3100/v1/exports/exp_2?token=x')).toBe('/api/v1/exports/exp_2?token=x');
  });

  it('formats elapsed time as m:ss or h:mm:ss', () => {
    expect([0, 999, 7_000, 65_000, 3_600_000 + 62_000, -5].map(formatElapsed)).toEqual(['0:00', '0:00', '0:07', '1:05', '1:01:02', '0:00']);
  });
});

describe('startedBy', () => {
  const me = { id: 'usr_1', username: 'maria' };
  it('names the signed-in user by username, never by id', () => {
    expect(startedBy({ channel: 'WEBSITE', user_id: 'usr_1' }, me)).toBe('maria (you)');
    expect(startedBy({ channel: 'WEBSITE', user_id: 'usr_2' }, me)).toBe('Another dashboard user');
    expect(startedBy({ channel: 'WEBSITE', user_id: 'usr_2' }, me, new Map([['usr_2', { username: 'jonas' }]]))).toBe('jonas');
    expect(startedBy({ channel: 'WEBSITE', user_id: 'usr_1' }, me, new Map([['usr_1', { username: 'maria' }]]))).toBe('maria (you)');
    expect(startedBy({ channel: 'WEBSITE', user_id: null }, me)).toBe('Dashboard');
  });

  it('names API clients', () => {
    expect(startedBy({ channel: 'API', user_id: null }, me)).toBe('API client');
  });
});
