import type { EarningValidityHours } from '../../contract/earning-rule';
import { isWithinValidityHours } from './validity-hours';

export interface RuleWindow {
  status: string;
  startDate: Date | null;
  endDate: Date | null;
  validityHours: EarningValidityHours | null;
}

/** Whether a rule can earn at `now`: ACTIVE, inside start_date…end_date (inclusive) and its validity hours (UTC). */
export function ruleIsLive(rule: RuleWindow, now: Date): boolean {
  if (rule.status !== 'ACTIVE') return false;
  if (rule.startDate && now < rule.startDate) return false;
  if (rule.endDate && now > rule.endDate) return false;
  return isWithinValidityHours(rule.validityHours, now);
}
