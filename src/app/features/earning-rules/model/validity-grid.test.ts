import { describe, expect, it } from 'vitest';
import { weeklyGrid } from './validity-grid';

describe('weeklyGrid', () => {
  it('any time fills every hour of every day, Monday first', () => {
    const grid = weeklyGrid({ type: 'ANY_TIME' });
    expect(grid.map((d) => d.name)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(grid.every((d) => d.hours.every((h) => h === 1))).toBe(true);
    expect(grid[0].spans).toEqual(['00:00–24:00']);
  });

  it('weekday afternoons fill 15–18 on Monday to Friday only', () => {
    const grid = weeklyGrid({ type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '15:00', end_time: '18:00' }] });
    expect(grid[0].hours.map((h, i) => (h ? i : -1)).filter((i) => i >= 0)).toEqual([15, 16, 17]);
    expect(grid[4].spans).toEqual(['15:00–18:00']);
    expect(grid[5].spans).toEqual([]);
    expect(grid[6].hours.every((h) => h === 0)).toBe(true);
  });

  it('shows partial hours and folds a window past midnight into the next day', () => {
    const grid = weeklyGrid({ type: 'DAILY', daily: [{ days_of_week: [5], start_time: '22:30', end_time: '01:15' }] });
    const friday = grid[4];
    const saturday = grid[5];
    expect(friday.hours[22]).toBe(0.5);
    expect(friday.hours[23]).toBe(1);
    expect(friday.spans).toEqual(['22:30–24:00']);
    expect(saturday.hours[0]).toBe(1);
    expect(saturday.hours[1]).toBe(0.25);
    expect(saturday.spans).toEqual(['00:00–01:15']);
  });

  it('days of the week leave the other days inactive, hours or not', () => {
    const rows = weeklyGrid({ type: 'ANY_TIME' }, [1, 3]);
    expect(rows.filter((r) => r.spans.length).map((r) => r.name)).toEqual(['Monday', 'Wednesday']);
    const evening = weeklyGrid({ type: 'DAILY', daily: [{ days_of_week: [1, 2], start_time: '22:00', end_time: '02:00' }] }, [2]);
    expect(evening.find((r) => r.day === 1)?.spans).toEqual([]);
    expect(evening.find((r) => r.day === 2)?.spans).toEqual(['00:00–02:00', '22:00–24:00']);
  });
});
