import type { CooldownPeriod, CurrentPeriodUnit, TriggerLimits } from '../../contract/earning-rule';
import { addMonthsToInstant } from './utc-calendar';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Start of the calendar period (UTC) that contains `now`. Weeks start on Monday 00:00 UTC (ISO 8601);
 * quarters on 1 January, April, July and October.
 */
export function currentPeriodStart(unit: CurrentPeriodUnit, now: Date): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (unit) {
    case 'DAY':
      return new Date(Date.UTC(y, m, d));
    case 'WEEK': {
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(y, m, d - sinceMonday));
    }
    case 'MONTH':
      return new Date(Date.UTC(y, m, 1));
    case 'QUARTER':
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case 'YEAR':
      return new Date(Date.UTC(y, 0, 1));
  }
}

/** When a cooldown that started at `last` is over (months and years are calendar months, UTC). */
export function cooldownEndsAt(period: CooldownPeriod, last: Date): Date {
  switch (period.unit) {
    case 'HOUR':
      return new Date(last.getTime() + period.value * HOUR);
    case 'DAY':
      return new Date(last.getTime() + period.value * DAY);
    case 'WEEK':
      return new Date(last.getTime() + period.value * 7 * DAY);
    case 'MONTH':
      return addMonthsToInstant(last, period.value);
    case 'YEAR':
      return addMonthsToInstant(last, period.value * 12);
  }
}

/** The frequency window that counts at `now`, or null when the rule has no frequency limit. */
export function frequencyWindow(limits: TriggerLimits | null | undefined, now: Date): { since: Date; max: number } | null {
  const frequency = limits?.frequency;
  if (!frequency || frequency.type !== 'LIMITED') return null;
  const [limit] = frequency.limits;
  return { since: currentPeriodStart(limit.period.current_period.unit, now), max: limit.triggers.max };
}

export type LimitVerdict = { allowed: true } | { allowed: false; reason: 'cooldown'; until: Date } | { allowed: false; reason: 'frequency'; max: number };

/**
 * Whether a rule may trigger again on a card at `now`, given when it last triggered there and how
 * many times it did inside the current frequency window.
 */
export function checkTriggerLimits(
  limits: TriggerLimits | null | undefined,
  history: { lastTriggeredAt: Date | null; triggersInWindow: number },
  now: Date,
): LimitVerdict {
  const cooldown = limits?.cooldown;
  if (cooldown?.type === 'FIXED_COOLDOWN' && history.lastTriggeredAt) {
    const until = cooldownEndsAt(cooldown.fixed_cooldown.period, history.lastTriggeredAt);
    if (now < until) return { allowed: false, reason: 'cooldown', until };
  }
  const window = frequencyWindow(limits, now);
  if (window && history.triggersInWindow >= window.max) return { allowed: false, reason: 'frequency', max: window.max };
  return { allowed: true };
}
