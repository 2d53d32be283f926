import { describe, expect, it } from 'vitest';
import type { ExportObject, ExportStatus } from '../../../../contract/export';
import { nothingSeen, seeExports } from './finish-times';

const item = (id: string, status: ExportStatus) => ({ id, status }) as ExportObject;

describe('seeExports', () => {
  it('records when an export it watched finished, and announces each change', () => {
    const first = seeExports(nothingSeen, [item('exp_1', 'SCHEDULED'), item('exp_0', 'DONE')], 1000);
    expect(first).toEqual({ statuses: { exp_1: 'SCHEDULED', exp_0: 'DONE' }, finishedAt: {}, announcement: '' });
    const running = seeExports(first, [item('exp_1', 'IN_PROGRESS'), item('exp_0', 'DONE')], 2000);
    expect(running.announcement).toBe('Export exp_1: in progress');
    const done = seeExports(running, [item('exp_1', 'DONE'), item('exp_0', 'DONE')], 5000);
    expect(done.finishedAt).toEqual({ exp_1: 5000 });
    expect(done.announcement).toBe('Export exp_1: done');
    // Nothing new: the same object, so React does not render again.
    expect(seeExports(done, [item('exp_1', 'DONE')], 9000)).toBe(done);
  });
});
