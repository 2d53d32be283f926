import { describe, expect, it } from 'vitest';
import { webhookRestMs, webhookYield } from './webhook-yield';

describe('how long the webhook worker yields to the requests (domain/webhook-yield)', () => {
  it('rests not at all while the requests leave the thread idle, then in proportion to their load, up to maxFactor times the work at full load', () => {
    const { calmBelow, maxFactor } = webhookYield;
    expect(webhookRestMs(100, 0)).toBe(0);
    expect(webhookRestMs(100, calmBelow)).toBe(0);
    expect(webhookRestMs(100, 1)).toBeCloseTo(100 * maxFactor);
    expect(webhookRestMs(100, (1 + calmBelow) / 2)).toBeCloseTo((100 * maxFactor) / 2);
    // A load above 1 (a sample's rounding) rests as much as full load, never more.
    expect(webhookRestMs(100, 1.2)).toBeCloseTo(100 * maxFactor);
  });

  it('never rests longer than maxRestMs, and never for work that took no time or a load it cannot read', () => {
    expect(webhookRestMs(10_000, 1)).toBe(webhookYield.maxRestMs);
    expect(webhookRestMs(0, 1)).toBe(0);
    expect(webhookRestMs(-5, 1)).toBe(0);
    expect(webhookRestMs(100, Number.NaN)).toBe(0);
  });
});
