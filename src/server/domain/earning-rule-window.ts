import type { EarningValidityHours } from '../../contract/earning-rule';
import { isWithinValidityHours } from './validity-hours';

export interface RuleWindow {
  status: string;
  startDate: Date | null;
  endDate: Date | null;
  validityHours: EarningValidityHours | null;
  /** Whole days (0 Sunday … 6 Saturday, UTC) it earns on; null or absent: every day. */
  validityDayOfWeek?: number[] | null;
}

/**
 * Whether a rule can earn at `now`: ACTIVE, inside start_date…end_date (inclusive), on one of its
 * days of the week and inside its validity hours (all UTC). Days and hours both apply when set.
 */
export function ruleIsLive(rule: RuleWindow, now: Date): boolean {
  if (rule.status !== 'ACTIVE') return false;
  if (rule.startDate && now < rule.startDate) return false;
  if (rule.endDate && now > rule.endDate) return false;
  if (rule.validityDayOfWeek && !rule.validityDayOfWeek.includes(now.getUTCDay())) return false;
  return isWithinValidityHours(rule.validityHours, now);
}
