import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FreeCardCursor } from './free-card-cursor';

const at = (iso: string, id: string) => ({ createdAt: new Date(iso), id });

describe('FreeCardCursor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('has no position until a card is handed out, then the furthest one', () => {
    const cursor = new FreeCardCursor();
    expect(cursor.after('camp_a')).toBeUndefined();
    cursor.advance('camp_a', at('2026-01-01T00:00:02Z', 'v_b'));
    cursor.advance('camp_a', at('2026-01-01T00:00:01Z', 'v_z'));
    cursor.advance('camp_a', at('2026-01-01T00:00:02Z', 'v_a'));
    expect(cursor.after('camp_a')).toEqual(at('2026-01-01T00:00:02Z', 'v_b'));
    cursor.advance('camp_a', at('2026-01-01T00:00:02Z', 'v_c'));
    expect(cursor.after('camp_a')).toEqual(at('2026-01-01T00:00:02Z', 'v_c'));
    expect(cursor.after('camp_b')).toBeUndefined();
  });

  it('starts afresh ttlMs after it was set, however far it moved since', () => {
    const cursor = new FreeCardCursor(5_000);
    cursor.advance('camp_a', at('2026-01-01T00:00:01Z', 'v_a'));
    vi.advanceTimersByTime(4_000);
    cursor.advance('camp_a', at('2026-01-01T00:00:02Z', 'v_b'));
    vi.advanceTimersByTime(999);
    expect(cursor.after('camp_a')?.id).toBe('v_b');
    vi.advanceTimersByTime(1);
    expect(cursor.after('camp_a')).toBeUndefined();
  });

  it('forgets a campaign on request', () => {
    const cursor = new FreeCardCursor();
    cursor.advance('camp_a', at('2026-01-01T00:00:01Z', 'v_a'));
    cursor.forget('camp_a');
    expect(cursor.after('camp_a')).toBeUndefined();
  });
});
