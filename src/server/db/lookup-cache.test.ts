import { afterEach, describe, expect, it, vi } from 'vitest';
import { LookupCache } from './lookup-cache';

describe('LookupCache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a found row from memory until it expires, then looks it up again', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new LookupCache<string>(1_000);
    const lookup = vi.fn(async () => 'row');
    expect(await cache.get('k', lookup)).toBe('row');
    vi.setSystemTime(999);
    expect(await cache.get('k', lookup)).toBe('row');
    expect(lookup).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000);
    expect(await cache.get('k', lookup)).toBe('row');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('never keeps a miss, so a row written later is found at once', async () => {
    const cache = new LookupCache<string>();
    let stored: string | undefined = undefined;
    const lookup = async () => stored;
    expect(await cache.get('k', lookup)).toBeUndefined();
    stored = 'new';
    expect(await cache.get('k', lookup)).toBe('new');
  });

  it('drops a row when told it changed', async () => {
    const cache = new LookupCache<string>();
    let stored = 'old';
    const lookup = async () => stored;
    await cache.get('k', lookup);
    stored = 'changed';
    expect(await cache.get('k', lookup)).toBe('old');
    cache.forget('k');
    expect(await cache.get('k', lookup)).toBe('changed');
  });

  it('starts over instead of growing past its size', async () => {
    const cache = new LookupCache<number>(60_000, 2);
    const lookup = vi.fn(async () => 1);
    await cache.get('a', lookup);
    await cache.get('b', lookup);
    await cache.get('c', lookup);
    await cache.get('a', lookup);
    expect(lookup).toHaveBeenCalledTimes(4);
  });
});
