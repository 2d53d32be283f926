import { contractErrors } from './openapi';

/**
 * Fields the contract's own redemption examples answer with null though its schema types them as
 * objects, strings or integers (its examples win, as for Add Member in openapi-subset): card fields,
 * a product reward's `sku_id`, and a reward's `updated_at` when it was never changed.
 */
const cardNulls = ['category', 'category_id', 'discount', 'gift', 'start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'additional_info', 'redemption.quantity'];
const knownDefectNulls = [...cardNulls.map((f) => `voucher.${f}`), ...cardNulls.map((f) => `reward.voucher.${f}`), 'reward.parameters.product.sku_id', 'reward.updated_at'];

/**
 * The result schema requires a `reward` property inside `reward`, which none of the contract's
 * seven examples has (nor any other schema defines): the examples win.
 */
const rewardInRewardDefect = "/reward must have required property 'reward' {\"missingProperty\":\"reward\"}";

/** A redemption answer against openapi-spend, with the contract's documented defects set aside. */
export function redemptionContractErrors(path: string, body: unknown): string[] {
  return contractErrors('spend', path, 'post', 200, body, knownDefectNulls).filter((error) => error !== rewardInRewardDefect);
}
