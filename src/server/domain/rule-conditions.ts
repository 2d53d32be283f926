import type { TierFacts } from './tier-rules';
import type { ConditionValue, Conditions, RuleDefinition, RulesGroup } from '../../contract/earning-rule';
import type { OrderFacts } from './earning-effects';
import { evaluateLogic, parseLogic } from './rule-logic';

/** What an earning's rules can look at when the engine fires (a custom event, a segment entered, an order paid). */
export interface RuleFacts {
  eventSchemaId: string | null;
  eventMetadata: Record<string, unknown>;
  customerMetadata: Record<string, unknown>;
  /** Ids of the segments the customer is in. */
  customerSegmentIds: string[];
  /** The paid order, for order-paid rules. */
  order?: OrderFacts;
  /** The member's loyalty tier, for earnings with tier_rules (tier-rules.ts). */
  tier?: TierFacts;
}

/** The order conditions the engine evaluates; rules naming any other `order.*` condition are refused when written. */
export const evaluatedOrderConditions = ['order.amount', 'order.initial_amount', 'order.total_amount', 'order.metadata', 'order.items.count'] as const;

const numeric = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** A comparable number: a number, a numeric string, or a date / date-time string (as epoch ms). */
function comparable(v: unknown): number | null {
  const n = numeric(v);
  if (n !== null) return n;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

const referenced = (v: ConditionValue): unknown => (typeof v === 'object' && v !== null ? v.id : v);

/** Equality across JSON types: numbers compare as numbers ("5" equals 5), everything else as strings. */
function same(actual: unknown, expected: ConditionValue): boolean {
  const want = referenced(expected);
  if (Array.isArray(actual)) return actual.some((a) => same(a, expected));
  if (actual === undefined || actual === null) return false;
  const a = numeric(actual);
  const b = numeric(want);
  if (a !== null && b !== null) return a === b;
  return String(actual) === String(want);
}

function compare(actual: unknown, expected: ConditionValue[] | undefined, test: (a: number, b: number) => boolean): boolean {
  const a = comparable(actual);
  const b = expected?.length ? comparable(referenced(expected[0])) : null;
  return a !== null && b !== null && test(a, b);
}

function dayOfWeek(actual: unknown): number | null {
  if (typeof actual !== 'string') return null;
  const t = Date.parse(actual);
  return Number.isNaN(t) ? null : new Date(t).getUTCDay();
}

/**
 * Every operator present must hold. A missing value fails every operator except `$is_not` and
 * `$not_in`. `$less_than`…`$more_than_or_equal` compare numbers or dates with the first value;
 * `$dow` takes the UTC weekday of a date value.
 */
export function conditionsHold(conditions: Conditions | undefined, actual: unknown): boolean {
  // Without conditions a rule asks only that the value is there (a segment list: not empty).
  if (!conditions) return actual !== undefined && actual !== null && !(Array.isArray(actual) && actual.length === 0);
  const checks: boolean[] = [];
  const c = conditions;
  if (c.$is) checks.push(c.$is.some((v) => same(actual, v)));
  if (c.$in) checks.push(c.$in.some((v) => same(actual, v)));
  if (c.$is_not) checks.push(!c.$is_not.some((v) => same(actual, v)));
  if (c.$not_in) checks.push(!c.$not_in.some((v) => same(actual, v)));
  if (c.$less_than) checks.push(compare(actual, c.$less_than, (a, b) => a < b));
  if (c.$less_than_or_equal) checks.push(compare(actual, c.$less_than_or_equal, (a, b) => a <= b));
  if (c.$more_than) checks.push(compare(actual, c.$more_than, (a, b) => a > b));
  if (c.$more_than_or_equal) checks.push(compare(actual, c.$more_than_or_equal, (a, b) => a >= b));
  if (c.$dow) {
    const day = dayOfWeek(actual);
    checks.push(day !== null && c.$dow.includes(day));
  }
  // `$from` has no documented meaning; rules using it are refused when loaded.
  if (c.$from) checks.push(false);
  return checks.every(Boolean);
}

function valueFor(rule: RuleDefinition, facts: RuleFacts): unknown {
  switch (rule.name) {
    case 'custom_event.metadata':
      return rule.property ? facts.eventMetadata[rule.property] : undefined;
    case 'customer.metadata':
      return rule.property ? facts.customerMetadata[rule.property] : undefined;
    case 'customer.segment':
      return facts.customerSegmentIds;
    case 'order.amount':
    case 'order.initial_amount':
      return facts.order?.amount;
    case 'order.total_amount':
      return facts.order?.totalAmount;
    case 'order.metadata':
      return rule.property ? facts.order?.metadata[rule.property] : undefined;
    case 'order.items.count':
      return facts.order?.items.length;
    default:
      return undefined;
  }
}

export function ruleHolds(rule: RuleDefinition, facts: RuleFacts): boolean {
  // Order conditions hold only for an order (and are refused on other triggers' rules when written).
  if (rule.name.startsWith('order.') && !facts.order) return false;
  if (rule.name === 'custom_event.metadata' && rule.schema_id && rule.schema_id !== facts.eventSchemaId) return false;
  if (rule.rules && !rulesHold(rule.rules, facts)) return false;
  if (!rule.conditions && rule.rules) return true;
  return conditionsHold(rule.conditions, valueFor(rule, facts));
}

/** Whether a rules group holds: its logic over its numbered rules. No group means no requirement. */
export function rulesHold(group: RulesGroup | null | undefined, facts: RuleFacts): boolean {
  if (!group) return true;
  return evaluateLogic(parseLogic(group.logic), (id) => {
    const rule = group[id];
    return typeof rule === 'object' && rule !== null && ruleHolds(rule, facts);
  });
}

/** Whether any rule in the group, at any depth, looks at the customer's segments. */
export function rulesAskForSegments(group: RulesGroup | null | undefined): boolean {
  if (!group) return false;
  return Object.entries(group).some(([key, rule]) => key !== 'logic' && typeof rule === 'object' && rule !== null && (rule.name === 'customer.segment' || rulesAskForSegments(rule.rules)));
}
