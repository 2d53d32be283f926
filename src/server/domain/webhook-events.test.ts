import { describe, expect, it } from 'vitest';
import { cardTransactionEvents, committedBefore, producedWebhookEvents } from './webhook-events';
import { webhookEventNames } from '../../contract/webhook';

describe('webhook events', () => {
  it('reads a pg_snapshot as PostgreSQL does: below xmin committed, from xmax on not yet, in between unless running', () => {
    expect(committedBefore(99, '100:105:100,102')).toBe(true);
    expect(committedBefore(100, '100:105:100,102')).toBe(false);
    expect(committedBefore(101, '100:105:100,102')).toBe(true);
    expect(committedBefore(102, '100:105:100,102')).toBe(false);
    expect(committedBefore(105, '100:105:100,102')).toBe(false);
    expect(committedBefore(104, '100:105:')).toBe(true);
  });

  it('produces only names the Management API takes, every card transaction reporting itself first', () => {
    for (const name of producedWebhookEvents) expect(webhookEventNames).toContain(name);
    for (const events of Object.values(cardTransactionEvents)) expect(events[0]).toBe('voucher.loyalty_card.transaction.created');
  });
});
