import { describe, expect, it } from 'vitest';
import { LastingLoad, LoadWindow, requestPressure, webhookRestMs, webhookYield } from './webhook-yield';

describe('how long the webhook worker yields to the requests (domain/webhook-yield)', () => {
  const { calmBusy, fullBusy, calmInFlight, fullInFlight, maxFactor, maxRestMs } = webhookYield;

  it('feels no pressure from calm requests, full pressure from a busy thread or a queue of requests, whichever says more', () => {
    expect(requestPressure({ busy: 0, inFlight: 0 })).toBe(0);
    expect(requestPressure({ busy: calmBusy, inFlight: calmInFlight })).toBe(0);
    expect(requestPressure({ busy: fullBusy, inFlight: 0 })).toBe(1);
    expect(requestPressure({ busy: 1, inFlight: 0 })).toBe(1);
    expect(requestPressure({ busy: 0, inFlight: fullInFlight })).toBe(1);
    expect(requestPressure({ busy: 0, inFlight: 10 })).toBe(1);
    expect(requestPressure({ busy: (calmBusy + fullBusy) / 2, inFlight: 0 })).toBeCloseTo(0.5);
    expect(requestPressure({ busy: (calmBusy + fullBusy) / 2, inFlight: calmInFlight + 0.75 * (fullInFlight - calmInFlight) })).toBeCloseTo(0.75);
    // An even 150 events/s (bench:api's paced delivery): 0.4–1.5 requests in flight, the thread up to 0.31 busy.
    expect(requestPressure({ busy: 0.31, inFlight: 1.51 })).toBe(0);
    // 10 clients that never pause: 4.4–8.7 in flight, the thread 0.35–0.8 busy.
    expect(requestPressure({ busy: 0.35, inFlight: 7.9 })).toBe(1);
  });

  const steady = (pressure: number) => ({ before: pressure, after: pressure });

  it('rests not at all without pressure, then in proportion, up to maxFactor times the work at full pressure', () => {
    expect(webhookRestMs(100, steady(0))).toBe(0);
    expect(webhookRestMs(100, steady(1))).toBeCloseTo(100 * maxFactor);
    expect(webhookRestMs(100, steady(0.5))).toBeCloseTo((100 * maxFactor) / 2);
    expect(webhookRestMs(100, steady(1.2))).toBeCloseTo(100 * maxFactor);
  });

  it('rests only on the pressure that was there before the work: a rise during it may be its own doing', () => {
    expect(webhookRestMs(287, { before: 0, after: 1 })).toBe(0);
    expect(webhookRestMs(100, { before: 0.5, after: 1 })).toBeCloseTo((100 * maxFactor) / 2);
    // A load that eased meanwhile asks less.
    expect(webhookRestMs(100, { before: 1, after: 0.25 })).toBeCloseTo((100 * maxFactor) / 4);
  });

  it('never rests longer than maxRestMs, and never for work that took no time or a pressure it cannot read', () => {
    expect(webhookRestMs(10_000, steady(1))).toBe(maxRestMs);
    expect(webhookRestMs(0, steady(1))).toBe(0);
    expect(webhookRestMs(-5, steady(1))).toBe(0);
    expect(webhookRestMs(100, steady(Number.NaN))).toBe(0);
    expect(webhookRestMs(100, { before: Number.NaN, after: 1 })).toBe(0);
  });
});

describe('a rate over the last samples (LoadWindow)', () => {
  /** Cumulative (active, elapsed) after each 100 ms sample whose active share is given. */
  const timesOf = (shares: number[]) => {
    let active = 0;
    let elapsed = 0;
    return shares.map((share) => {
      active += 100 * share;
      elapsed += 100;
      return [active, elapsed] as const;
    });
  };

  it('averages over the window, so one busy sample of a light load does not read as a busy thread', () => {
    const window = new LoadWindow(10);
    const loads = timesOf([...Array(11).fill(0.1), 1, ...Array(10).fill(0.1)]).map(([active, elapsed]) => window.push(active, elapsed));
    expect(Math.max(...loads.slice(10))).toBeCloseTo(0.19);
    expect(Math.max(...loads.slice(10))).toBeLessThan(webhookYield.calmBusy);
    expect(loads.at(-1)).toBeCloseTo(0.1);
  });

  it('forgets what is older than the window: a load that began reads as that load once the window has passed', () => {
    const window = new LoadWindow(10);
    const loads = timesOf([...Array(20).fill(0), ...Array(10).fill(0.65)]).map(([active, elapsed]) => window.push(active, elapsed));
    expect(loads[19]).toBe(0);
    expect(loads.at(-1)).toBeCloseTo(0.65);
    // Half-way through the window, half of the new load.
    expect(loads[24]).toBeCloseTo(0.65 / 2);
  });

  it('reads a mean above 1 as it is (requests in flight × time over time), and 0 from a first sample or a span of no time', () => {
    const window = new LoadWindow(10);
    expect(window.push(5, 5)).toBe(0);
    expect(window.push(5, 5)).toBe(0);
    expect(window.push(5 + 800, 105)).toBe(8);
  });
});

describe('a load while it lasts (LastingLoad)', () => {
  /** Cumulative (in flight × ms, ms) after each 100 ms sample whose mean in flight is given. */
  const pushAll = (load: Pick<LastingLoad, 'push'>, means: number[]) => {
    let area = 0;
    return means.map((mean, i) => {
      area += 100 * mean;
      return load.push(area, 100 * (i + 1));
    });
  };

  it('forgets a queue 200 ms after it is gone, where the second-long mean would still read it', () => {
    // An even load (1 in flight), then 300 ms of the worker's own burst (14 in flight: its requests slowed), then even again.
    const means = [...Array(12).fill(1), 14, 14, 14, 1, 1, 1];
    const readings = pushAll(new LastingLoad(10, 2), means);
    const secondLong = pushAll(new LoadWindow(10), means);
    expect(readings.at(-2)).toBeCloseTo(1);
    expect(secondLong.at(-2)).toBeCloseTo(4.9);
    expect(requestPressure({ busy: 0, inFlight: readings.at(-2) as number })).toBe(0);
    expect(requestPressure({ busy: 0, inFlight: secondLong.at(-2) as number })).toBeGreaterThan(0);
  });

  it('reads a lasting queue as it is, and one busy sample not at all', () => {
    const saturated = pushAll(new LastingLoad(10, 2), Array(15).fill(6));
    expect(saturated.at(-1)).toBeCloseTo(6);
    const blip = pushAll(new LastingLoad(10, 2), [...Array(12).fill(1), 20, 1]);
    // The short window reads the blip in full; the long one holds it to a tenth.
    expect(blip[12]).toBeCloseTo(1 + 19 / 10);
    expect(requestPressure({ busy: 0, inFlight: blip[12] })).toBe(0);
  });
});
