import { describe, expect, it } from 'vitest';
import { LoadWindow, webhookRestMs, webhookYield } from './webhook-yield';

describe('how long the webhook worker yields to the requests (domain/webhook-yield)', () => {
  it('rests not at all while the requests leave the thread idle, then in proportion to their load, up to maxFactor times the work at fullAt and above', () => {
    const { calmBelow, fullAt, maxFactor } = webhookYield;
    expect(webhookRestMs(100, 0)).toBe(0);
    expect(webhookRestMs(100, calmBelow)).toBe(0);
    expect(webhookRestMs(100, fullAt)).toBeCloseTo(100 * maxFactor);
    expect(webhookRestMs(100, 1)).toBeCloseTo(100 * maxFactor);
    expect(webhookRestMs(100, (fullAt + calmBelow) / 2)).toBeCloseTo((100 * maxFactor) / 2);
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

describe('a thread\'s load over its last samples (LoadWindow)', () => {
  /** Cumulative loop times after each 100 ms sample whose active share is given. */
  const timesOf = (shares: number[]) => {
    let idle = 0;
    let active = 0;
    return shares.map((share) => {
      active += 100 * share;
      idle += 100 * (1 - share);
      return { idle, active };
    });
  };

  it('averages over the window, so one busy sample of a light load does not read as a busy thread', () => {
    const window = new LoadWindow(10);
    const loads = timesOf([...Array(11).fill(0.1), 1, ...Array(10).fill(0.1)]).map((times) => window.push(times));
    expect(Math.max(...loads.slice(10))).toBeCloseTo(0.19);
    expect(Math.max(...loads.slice(10))).toBeLessThan(webhookYield.calmBelow);
    expect(loads.at(-1)).toBeCloseTo(0.1);
  });

  it('forgets what is older than the window: a load that began reads as that load once the window has passed', () => {
    const window = new LoadWindow(10);
    const loads = timesOf([...Array(20).fill(0), ...Array(10).fill(0.65)]).map((times) => window.push(times));
    expect(loads[19]).toBe(0);
    expect(loads.at(-1)).toBeCloseTo(0.65);
    expect(loads[24]).toBeGreaterThan(webhookYield.calmBelow);
  });

  it('reads 0 from a first sample or a span of no time', () => {
    const window = new LoadWindow(10);
    expect(window.push({ idle: 5, active: 5 })).toBe(0);
    expect(window.push({ idle: 5, active: 5 })).toBe(0);
  });
});
