import { describe, expect, it } from 'vitest';
import { describeDuration, formatClock, secondsLeft } from './time-left';

describe('time left', () => {
  it('counts whole seconds up, and stops at zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });

  it.each([
    [900, '15:00', '15 minutes'],
    [905, '15:05', '15 minutes 5 seconds'],
    [61, '1:01', '1 minute 1 second'],
    [59, '0:59', '59 seconds'],
    [0, '0:00', '0 seconds'],
    [3725, '1:02:05', '62 minutes 5 seconds'],
  ])('%i s reads %s, said "%s"', (seconds, clock, words) => {
    expect(formatClock(seconds)).toBe(clock);
    expect(describeDuration(seconds)).toBe(words);
  });
});
