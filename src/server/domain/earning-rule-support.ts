import type { Earning, Effect, PointsExpiration, RuleDefinition, RulesGroup, Trigger } from '../../contract/earning-rule';
import { evaluatedOrderConditions } from './rule-conditions';
import { LogicSyntaxError, parseLogic, ruleIdsOf } from './rule-logic';

/** What a trigger's earnings may look at and compute: the facts the engine has when it fires. */
interface TriggerFacts {
  label: string;
  /** Condition names that have no value for this trigger. */
  unknownCondition(name: string): boolean;
  calculations: readonly string[];
}

const orderCalculations = ['PRE_DISCOUNT_ORDER_AMOUNT', 'POST_DISCOUNT_ORDER_AMOUNT', 'ORDER_METADATA_VALUE', 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT', 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT', 'ORDER_ITEMS_QUANTITY'];
const evaluatedOrder = new Set<string>(evaluatedOrderConditions);

const triggerFacts: Record<Trigger['event'], TriggerFacts> = {
  'customer.order.paid': {
    label: 'a customer.order.paid trigger',
    unknownCondition: (name) => name === 'custom_event.metadata' || (name.startsWith('order.') && !evaluatedOrder.has(name)),
    calculations: [...orderCalculations, 'CUSTOMER_METADATA_VALUE'],
  },
  'customer.custom_event': {
    label: 'a custom event trigger',
    unknownCondition: (name) => name.startsWith('order.'),
    calculations: ['CUSTOM_EVENT_METADATA_VALUE', 'CUSTOMER_METADATA_VALUE'],
  },
  'customer.segment.entered': {
    label: 'a customer.segment.entered trigger',
    unknownCondition: (name) => name.startsWith('order.') || name === 'custom_event.metadata',
    calculations: ['CUSTOMER_METADATA_VALUE'],
  },
};

/**
 * What the engine can evaluate, beyond the shape the contract allows. A rule using anything else
 * is refused when it is loaded or written rather than silently never earning. Returns one message
 * per problem, each starting with the path of the offending part.
 */
export function unsupportedParts(rule: { trigger: Trigger; earnings: Earning[] }): string[] {
  const problems: string[] = [];
  const facts = triggerFacts[rule.trigger.event];
  rule.earnings.forEach((earning, i) => {
    const at = `earnings.${i}`;
    if (earning.rules) checkGroup(earning.rules, `${at}.rules`, facts, problems);
    earning.effects.forEach((effect, j) => checkEffect(effect, `${at}.effects.${j}`, facts, problems));
  });
  return problems;
}

function checkGroup(group: RulesGroup, at: string, facts: TriggerFacts, problems: string[]): void {
  try {
    const used = ruleIdsOf(parseLogic(group.logic));
    for (const id of used) if (typeof group[id] !== 'object') problems.push(`${at}.logic: refers to rule ${id}, which is not defined`);
  } catch (error) {
    if (!(error instanceof LogicSyntaxError)) throw error;
    problems.push(`${at}.logic: ${error.message}`);
  }
  for (const [key, value] of Object.entries(group)) {
    if (key === 'logic' || typeof value !== 'object') continue;
    checkRule(value as RuleDefinition, `${at}.${key}`, facts, problems);
  }
}

function checkRule(rule: RuleDefinition, at: string, facts: TriggerFacts, problems: string[]): void {
  if (facts.unknownCondition(rule.name)) problems.push(`${at}.name: '${rule.name}' does not apply to ${facts.label}`);
  if ((rule.name === 'customer.metadata' || rule.name === 'custom_event.metadata') && !rule.property) problems.push(`${at}.property: required for '${rule.name}'`);
  if (rule.conditions?.$from) problems.push(`${at}.conditions.$from: not supported (its meaning is not documented)`);
  if (rule.rules) checkGroup(rule.rules, `${at}.rules`, facts, problems);
}

function checkEffect(effect: Effect, at: string, facts: TriggerFacts, problems: string[]): void {
  if (effect.type === 'BENEFIT') {
    problems.push(`${at}.type: BENEFIT effects are not supported`);
    return;
  }
  if (effect.type === 'POINTS') return;
  const p = effect.points_proportional;
  if ('order_items' in p && p.order_items) {
    const every = Object.values(p.order_items)[0] as { applicable_to?: Record<string, unknown>[] };
    (every.applicable_to ?? []).forEach((entry, k) => {
      const kind = entry.type ?? entry.object;
      if (kind !== 'product') problems.push(`${at}.points_proportional.order_items.applicable_to.${k}: only products are counted (this service keeps no SKUs or product collections), not ${String(kind)}`);
    });
  }
  if (!facts.calculations.includes(p.calculation_type)) problems.push(`${at}.points_proportional.calculation_type: ${p.calculation_type} does not apply to ${facts.label}`);
}

/**
 * The event names the rule's sliding expirations count as custom activity: an event of such a name
 * moves points' expiry, so the project must know them (sliding_activity_types) before any point
 * earned under the rule exists.
 */
export function slidingActivityTypesOf(earnings: readonly Earning[]): string[] {
  const types = new Set<string>();
  for (const effect of earnings.flatMap((e) => e.effects)) {
    const expiration: PointsExpiration | null | undefined =
      effect.type === 'POINTS' ? effect.points.points_expiration : effect.type === 'POINTS_PROPORTIONAL' ? effect.points_proportional.points_expiration : null;
    if (expiration?.type === 'SLIDING_EXPIRATION' && expiration.sliding_expiration.custom_activity) {
      for (const type of expiration.sliding_expiration.custom_activity_types ?? []) types.add(type);
    }
  }
  return [...types];
}
