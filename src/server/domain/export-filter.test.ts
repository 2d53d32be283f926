import { describe, expect, it } from 'vitest';
import { exportFiltersSchema } from '../../contract/export';
import { selectRows } from './export-filter';

const card = { voucherNames: ['v_1', 'CARD-1'], campaignNames: ['camp_1', 'Club'] };
const select = (filters: unknown) => selectRows(exportFiltersSchema.parse(filters), card);

describe('selectRows', () => {
  it('selects every row without conditions, and ignores the card scope ($in) the service adds', () => {
    expect(selectRows(undefined, card)).toEqual({ kind: 'all' });
    expect(select({ voucher_id: { conditions: { $in: ['CARD-1'] } } })).toEqual({ kind: 'all' });
    // With `or`, the scope must not count as a condition that holds, or it would select everything.
    expect(select({ junction: 'or', voucher_id: { conditions: { $in: ['CARD-1'] } }, campaign_id: { conditions: { $is: 'other' } } })).toEqual({ kind: 'none' });
  });

  it('turns created_at operators into bounds; a date alone is midnight UTC', () => {
    expect(select({ created_at: { conditions: { $after: '2026-01-10T08:00:00Z', $before: ['2026-01-12'] } } })).toEqual({
      kind: 'created_at',
      bounds: [
        { op: '>', at: new Date('2026-01-10T08:00:00.000Z') },
        { op: '<', at: new Date('2026-01-12T00:00:00.000Z') },
      ],
    });
    expect(select({ created_at: { conditions: { $more_than_equal: '2026-01-01', $less_than_equal: '2026-02-01', $more_than: '2026-01-02', $less_than: '2026-01-03' } } }).kind).toBe('created_at');
    const ops = select({ created_at: { conditions: { $more_than_equal: '2026-01-01', $less_than_equal: '2026-02-01' } } });
    expect(ops.kind === 'created_at' && ops.bounds.map((b) => b.op)).toEqual(['>=', '<=']);
  });

  it('decides voucher_id and campaign_id once for the card, by id or by code/name', () => {
    expect(select({ campaign_id: { conditions: { $is: 'camp_1' } } })).toEqual({ kind: 'all' });
    expect(select({ campaign_id: { conditions: { $is: 'Club' } } })).toEqual({ kind: 'all' });
    expect(select({ campaign_id: { conditions: { $in: ['x', 'y'] } } })).toEqual({ kind: 'none' });
    expect(select({ campaign_id: { conditions: { $not_in: ['x'] } } })).toEqual({ kind: 'all' });
    expect(select({ voucher_id: { conditions: { $is_not: 'CARD-1' } } })).toEqual({ kind: 'none' });
    expect(select({ voucher_id: { conditions: { $is_not: 'v_2', $not_in: ['v_3'] } } })).toEqual({ kind: 'all' });
  });

  it('combines fields with the junction: and needs all, or needs one', () => {
    const dated = { created_at: { conditions: { $after: '2026-01-10' } } };
    expect(select({ ...dated, campaign_id: { conditions: { $is: 'camp_1' } } }).kind).toBe('created_at');
    expect(select({ ...dated, campaign_id: { conditions: { $is: 'other' } } }).kind).toBe('none');
    expect(select({ junction: 'or', ...dated, campaign_id: { conditions: { $is: 'camp_1' } } }).kind).toBe('all');
    expect(select({ junction: 'or', ...dated, campaign_id: { conditions: { $is: 'other' } } }).kind).toBe('created_at');
    expect(select({ junction: 'or', campaign_id: { conditions: { $is: 'other' } }, voucher_id: { conditions: { $is: 'v_1' } } }).kind).toBe('all');
  });
});

describe('exportFiltersSchema', () => {
  const issue = (filters: unknown) => {
    const result = exportFiltersSchema.safeParse(filters);
    return result.success ? undefined : result.error.issues[0];
  };

  it('rejects operators that make no sense for a field, unknown fields and bad values', () => {
    expect(issue({ created_at: { conditions: { $contains: 'x' } } })).toMatchObject({ code: 'unrecognized_keys', keys: ['$contains'] });
    expect(issue({ voucher_id: { conditions: { $after: '2026-01-01' } } })).toMatchObject({ code: 'unrecognized_keys', keys: ['$after'] });
    expect(issue({ customer_id: { conditions: { $is: 'x' } } })).toMatchObject({ code: 'unrecognized_keys', keys: ['customer_id'] });
    expect(issue({ junction: 'AND' })?.path).toEqual(['junction']);
    expect(issue({ created_at: { conditions: { $after: 'yesterday' } } })?.path).toEqual(['created_at', 'conditions', '$after']);
    expect(issue({ created_at: { conditions: { $after: ['2026-01-01', '2026-01-02'] } } })?.path).toEqual(['created_at', 'conditions', '$after']);
    expect(issue({ campaign_id: { conditions: {} } })?.message).toBe('conditions need at least one operator');
    expect(issue({ campaign_id: {} })?.path).toEqual(['campaign_id', 'conditions']);
  });
});
