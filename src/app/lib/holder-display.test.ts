import { describe, expect, it } from 'vitest';
import { holderDisplay } from './holder-display';

const holder = (patch: Partial<{ name: string | null; email: string | null; source_id: string | null }>) => ({ id: 'cust_1', name: null, email: null, source_id: null, ...patch });

describe('holderDisplay', () => {
  it('shows the name with the email under it', () => {
    expect(holderDisplay(holder({ name: 'Ada', email: 'ada@example.com' }), 'cust_1')).toEqual({ primary: 'Ada', secondary: 'ada@example.com', muted: false });
  });

  it('falls back to the email, then the source id, never the customer id', () => {
    expect(holderDisplay(holder({ email: 'ada@example.com' }), 'cust_1')).toEqual({ primary: 'ada@example.com', muted: false });
    expect(holderDisplay(holder({ name: '  ', source_id: 'crm-7' }), 'cust_1')).toEqual({ primary: 'crm-7', secondary: 'No name or email', muted: false });
    expect(holderDisplay(holder({}), 'cust_1').primary).toBe('Unnamed customer');
    expect(holderDisplay(undefined, 'cust_1').primary).not.toContain('cust_');
  });

  it('says when a card has no holder', () => {
    expect(holderDisplay(undefined, null)).toEqual({ primary: 'Not published yet', muted: true });
  });
});
