/**
 * The discounts module: the pure discount calculator (no I/O). It owns how a stack of discounts, gift
 * credits and free units changes an order's amounts; campaigns, vouchers, validation rules and
 * redemptions build on it through this file only.
 */
export { calculateDiscounts } from './calculate-discounts';
export { inApplicationOrder } from './application-order';
export type {
  AmountDiscount,
  Cart,
  CartLine,
  Discount,
  DiscountCalculationInput,
  DiscountScope,
  DiscountTarget,
  FixedDiscount,
  FreeUnitProduct,
  OneUnit,
  PercentDiscount,
  StackedIncentive,
  StackingSettings,
  UnitDiscount,
} from './discount-definitions';
export type { CalculatedIncentive, CalculatedItem, CalculatedOrder, DiscountCalculation, DiscountOutcome, DiscountRefusal, TargetCoverage } from './discount-results';
