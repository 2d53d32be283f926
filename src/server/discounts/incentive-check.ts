import { maxOrderAmount } from '../../contract/order';
import {
  amountEffects,
  applicationEffects,
  fixedEffects,
  oneUnitEffects,
  percentEffects,
  unitEffects,
  type Discount,
  type DiscountScope,
  type DiscountTarget,
  type StackedIncentive,
} from './discount-definitions';
import type { DiscountRefusal } from './discount-results';

type Problem = Omit<DiscountRefusal, 'incentive'>;
type Path = (string | number)[];

/** An incentive the calculator takes, its discount's effect made explicit. */
export type CheckedIncentive = { discount: Discount; applicable_to?: DiscountScope } | { gift: { credits: number } };

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= maxOrderAmount;

function amountProblem(owner: object, field: string, path: Path, required: boolean): Problem | undefined {
  const value = (owner as Record<string, unknown>)[field];
  if (value === undefined) return required ? { path: [...path, field], message: 'is required' } : undefined;
  return isAmount(value) ? undefined : { path: [...path, field], message: `must be a whole amount in the smallest currency unit, from 0 to ${maxOrderAmount}` };
}

function enumProblem(value: unknown, allowed: readonly string[], path: Path): Problem | undefined {
  return value === undefined || allowed.includes(value as string) ? undefined : { path, message: `must be one of ${allowed.join(', ')}` };
}

/** A dynamic value needs the formula engine, which is not built: the field is named rather than a fallback silently used. */
function formulaProblem(owner: object, path: Path): Problem | undefined {
  const field = Object.keys(owner).find((key) => key.endsWith('_formula') && (owner as Record<string, unknown>)[key] !== undefined && (owner as Record<string, unknown>)[key] !== null);
  return field ? { path: [...path, field], message: 'formulas are not calculated by this service; give a fixed value' } : undefined;
}

function targetProblem(target: DiscountTarget, path: Path): Problem | undefined {
  const formula = formulaProblem(target, path);
  if (formula) return formula;
  // Campaign and promotion tier budgets in units count other orders' redemptions: not built.
  const budget = Object.keys(target).find((key) => /^product_.*quantity_limit$/.test(key));
  if (budget) return { path: [...path, budget], message: 'unit budgets across orders are not calculated by this service' };
  if (!['product', 'sku', 'products_collection'].includes(target.object)) return { path: [...path, 'object'], message: 'must be one of product, sku, products_collection' };
  if (typeof target.id !== 'string' || target.id === '') return { path: [...path, 'id'], message: 'is required' };
  for (const field of ['quantity_limit', 'aggregated_quantity_limit', 'amount_limit', 'aggregated_amount_limit', 'price', 'skip_initially'] as const) {
    const problem = amountProblem(target, field, path, false);
    if (problem) return problem;
  }
  if (target.repeat !== undefined && !(isAmount(target.repeat) && target.repeat >= 1)) return { path: [...path, 'repeat'], message: 'must be a whole number from 1' };
  return enumProblem(target.effect, applicationEffects, [...path, 'effect']) ?? enumProblem(target.target, ['ITEM', 'UNIT'], [...path, 'target']);
}

function scopeProblem(scope: DiscountScope | undefined): Problem | undefined {
  for (const list of ['included', 'excluded'] as const) {
    for (const [i, target] of (scope?.[list] ?? []).entries()) {
      const problem = targetProblem(target, ['applicable_to', list, i]);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** AMOUNT, PERCENT and FIXED apply to items when products are named, else to the order (guides_discount-effects.mdx, "Default effect"). */
function defaultEffect(discount: Discount, scope: DiscountScope | undefined): string {
  if (discount.type === 'UNIT') return discount.units !== undefined ? 'ADD_MANY_ITEMS' : 'ADD_MISSING_ITEMS';
  const namesProducts = (scope?.included?.length ?? 0) > 0 || (scope?.excluded?.length ?? 0) > 0;
  return namesProducts ? 'APPLY_TO_ITEMS' : 'APPLY_TO_ORDER';
}

function unitProblem(unit: { unit_off?: number; unit_type?: string }, path: Path): Problem | undefined {
  if (unit.unit_off === undefined) return { path: [...path, 'unit_off'], message: 'is required' };
  if (!(isAmount(unit.unit_off) && unit.unit_off <= 1_000_000)) return { path: [...path, 'unit_off'], message: 'must be a whole number of units, from 0 to 1000000' };
  if (typeof unit.unit_type !== 'string' || unit.unit_type === '') return { path: [...path, 'unit_type'], message: 'is required' };
  return undefined;
}

function discountProblem(discount: Discount, scope: DiscountScope | undefined): Problem | undefined {
  const path = ['discount'];
  const formula = formulaProblem(discount, path);
  if (formula) return formula;
  switch (discount.type) {
    case 'AMOUNT':
      return enumProblem(discount.effect, amountEffects, [...path, 'effect']) ?? amountProblem(discount, 'amount_off', path, true) ?? amountProblem(discount, 'aggregated_amount_limit', path, false);
    case 'PERCENT': {
      const effect = enumProblem(discount.effect, percentEffects, [...path, 'effect']);
      if (effect) return effect;
      const percent = discount.percent_off;
      if (percent === undefined) return { path: [...path, 'percent_off'], message: 'is required' };
      if (!(typeof percent === 'number' && Number.isFinite(percent) && percent >= 0 && percent <= 100)) return { path: [...path, 'percent_off'], message: 'must be a number from 0 to 100' };
      return amountProblem(discount, 'amount_limit', path, false) ?? amountProblem(discount, 'aggregated_amount_limit', path, false);
    }
    case 'FIXED': {
      const effect = enumProblem(discount.effect, fixedEffects, [...path, 'effect']);
      if (effect) return effect;
      // On items, each target may carry its own new price; the discount's is the fallback.
      const targetsPriced = (discount.effect ?? defaultEffect(discount, scope)) === 'APPLY_TO_ITEMS' && (scope?.included?.length ?? 0) > 0 && (scope?.included ?? []).every((target) => target.price !== undefined);
      return amountProblem(discount, 'fixed_amount', path, !targetsPriced);
    }
    case 'UNIT': {
      const effect = discount.effect ?? defaultEffect(discount, scope);
      if (effect === 'ADD_SAME_ITEMS') return { path: [...path, 'effect'], message: 'ADD_SAME_ITEMS is not calculated by this service (the contract does not say what it does)' };
      const known = enumProblem(effect, unitEffects, [...path, 'effect']);
      if (known) return known;
      if (effect !== 'ADD_MANY_ITEMS') return unitProblem(discount, path);
      if (!Array.isArray(discount.units) || discount.units.length === 0) return { path: [...path, 'units'], message: 'must list the free products of ADD_MANY_ITEMS' };
      for (const [i, unit] of discount.units.entries()) {
        const unitPath = [...path, 'units', i];
        const problem = formulaProblem(unit, unitPath) ?? enumProblem(unit.effect, oneUnitEffects, [...unitPath, 'effect']) ?? unitProblem(unit, unitPath);
        if (problem) return problem;
      }
      return undefined;
    }
    default:
      return { path: [...path, 'type'], message: 'must be one of AMOUNT, PERCENT, FIXED, UNIT' };
  }
}

/** The incentive as the calculator takes it, or the first field it cannot take. */
export function checkIncentive(incentive: StackedIncentive): { incentive: CheckedIncentive } | { problem: Problem } {
  if ('gift' in incentive) {
    const problem = amountProblem(incentive.gift, 'credits', ['gift'], true);
    return problem ? { problem } : { incentive };
  }
  const problem = discountProblem(incentive.discount, incentive.applicable_to) ?? (incentive.discount.type === 'UNIT' ? undefined : scopeProblem(incentive.applicable_to));
  if (problem) return { problem };
  const effect = incentive.discount.effect ?? defaultEffect(incentive.discount, incentive.applicable_to);
  return { incentive: { ...incentive, discount: { ...incentive.discount, effect } as Discount } };
}
