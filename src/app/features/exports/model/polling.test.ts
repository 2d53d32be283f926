import { describe, expect, it } from 'vitest';
import type { ExportList, ExportObject, ExportStatus } from '../../../../contract/export';
import { ExportPolling, pollDelayMs } from './polling';

const item = (id: string, status: ExportStatus): ExportObject => ({
  id,
  object: 'export',
  created_at: '2026-11-21T10:00:00.000Z',
  status,
  channel: 'API',
  exported_object: 'voucher_transactions',
  parameters: {},
  result: null,
  user_id: null,
});
const list = (...exports: ExportObject[]): ExportList => ({ object: 'list', data_ref: 'exports', exports, total: exports.length });

describe('export polling', () => {
  it('backs off 1 s → 2 s → 4 s → 8 s → 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(pollDelayMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000, 10000]);
  });

  it('polls while an export is unfinished, restarts at 1 s on any change, and stops at DONE or ERROR', () => {
    const polling = new ExportPolling();
    const waiting = list(item('exp_1', 'SCHEDULED'), item('exp_0', 'DONE'));
    expect([1, 2, 3, 4, 5, 6].map((count) => polling.delay(waiting, count))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
    const running = list(item('exp_1', 'IN_PROGRESS'), item('exp_0', 'DONE'));
    expect([7, 8].map((count) => polling.delay(running, count))).toEqual([1000, 2000]);
    expect(polling.delay(list(item('exp_1', 'DONE'), item('exp_0', 'DONE')), 9)).toBe(false);
    expect(polling.delay(list(item('exp_1', 'ERROR')), 10)).toBe(false);
    // A new export starts polling again, from 1 s.
    expect(polling.delay(list(item('exp_2', 'SCHEDULED'), item('exp_1', 'ERROR')), 11)).toBe(1000);
    expect(polling.delay(undefined, 0)).toBe(false);
  });
});
