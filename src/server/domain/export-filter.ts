import type { DateConditions, ExportFilters, IdConditions } from '../../contract/export';

/** One bound on `created_at`; several bounds on the field all hold (a range). */
export interface CreatedAtBound {
  op: '>' | '>=' | '<' | '<=';
  at: Date;
}

/**
 * Which of the card's transactions an export holds: none, all, or those whose `created_at` is
 * within the bounds. `voucher_id` and `campaign_id` are the same on every row of one card, so
 * they are decided once here and only `created_at` reaches SQL.
 */
export type RowSelection = { kind: 'none' } | { kind: 'all' } | { kind: 'created_at'; bounds: CreatedAtBound[] };

/** The card an export belongs to, under every name a filter may use for it. */
export interface ExportedCard {
  voucherNames: string[];
  campaignNames: string[];
}

const dateOperators: Record<keyof DateConditions, CreatedAtBound['op']> = {
  $after: '>',
  $more_than: '>',
  $more_than_equal: '>=',
  $before: '<',
  $less_than: '<',
  $less_than_equal: '<=',
};

const asList = (value: string | string[]): string[] => (Array.isArray(value) ? value : [value]);

/** A date alone (`2026-01-15`) means the start of that day in UTC. */
function instantOf(value: string | string[]): Date {
  const text = asList(value)[0];
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00.000Z` : text);
}

/** Every operator given for one id field holds for one of the card's names. */
export function idConditionsHold(conditions: IdConditions, names: string[]): boolean {
  const named = (values: string | string[]) => asList(values).some((value) => names.includes(value));
  if (conditions.$in !== undefined && !named(conditions.$in)) return false;
  if (conditions.$is !== undefined && !named(conditions.$is)) return false;
  if (conditions.$not_in !== undefined && named(conditions.$not_in)) return false;
  if (conditions.$is_not !== undefined && named(conditions.$is_not)) return false;
  return true;
}

export function createdAtBounds(conditions: DateConditions): CreatedAtBound[] {
  return (Object.keys(dateOperators) as (keyof DateConditions)[])
    .filter((operator) => conditions[operator] !== undefined)
    .map((operator) => ({ op: dateOperators[operator], at: instantOf(conditions[operator] as string | string[]) }));
}

/**
 * The rows `filters` select from one card. The `voucher_id.$in` the service adds is the card's
 * own scope, not a condition of the junction: with `or`, it would otherwise select everything.
 */
export function selectRows(filters: ExportFilters | undefined, card: ExportedCard): RowSelection {
  const { $in: _scope, ...voucherConditions } = filters?.voucher_id?.conditions ?? {};
  const constants: boolean[] = [];
  if (Object.keys(voucherConditions).length > 0) constants.push(idConditionsHold(voucherConditions, card.voucherNames));
  if (filters?.campaign_id) constants.push(idConditionsHold(filters.campaign_id.conditions, card.campaignNames));
  const dated = filters?.created_at ? createdAtBounds(filters.created_at.conditions) : undefined;

  if (constants.length === 0 && !dated) return { kind: 'all' };
  if ((filters?.junction ?? 'and') === 'or') {
    if (constants.some(Boolean)) return { kind: 'all' };
    return dated ? { kind: 'created_at', bounds: dated } : { kind: 'none' };
  }
  if (!constants.every(Boolean)) return { kind: 'none' };
  return dated ? { kind: 'created_at', bounds: dated } : { kind: 'all' };
}
