import { z } from 'zod';

/**
 * The filter of an auto-update or passive segment, in the real API's shape (api-facts §10):
 *   { "junction": "and", "<field>": { "conditions": { "<$operator>": value | [values] } }, ... }
 * plus our one addition, `groups`: nested filters of the same shape, for (a and b) or c.
 * Every condition of a group (across fields, and across the operators of one field) is joined by
 * the group's junction. Shared by the service (validation, SQL) and the dashboard (the builder).
 */

export const textFields = ['name', 'email', 'phone', 'address.city', 'address.state', 'address.country', 'address.postal_code', 'address.line_1', 'address.line_2'] as const;
export const dateFields = ['created_at', 'birthdate'] as const;

/** `metadata.<key>` takes every operator: the operator decides how the stored value is read. */
export type FieldType = 'text' | 'date' | 'number' | 'metadata';

export const operators = [
  '$is',
  '$is_not',
  '$in',
  '$not_in',
  '$contains',
  '$not_contain',
  '$starts_with',
  '$ends_with',
  '$has_value',
  '$is_unknown',
  '$more_than',
  '$less_than',
  '$after',
  '$before',
] as const;
export type Operator = (typeof operators)[number];

export const operatorsByType: Record<FieldType, readonly Operator[]> = {
  text: ['$is', '$is_not', '$in', '$not_in', '$contains', '$not_contain', '$starts_with', '$ends_with', '$has_value', '$is_unknown'],
  date: ['$after', '$before', '$has_value', '$is_unknown'],
  number: ['$is', '$is_not', '$more_than', '$less_than'],
  metadata: operators,
};

/** How many values an operator takes: `none` operators take `true`, `many` take a list. */
export const operatorArity: Record<Operator, 'none' | 'one' | 'many'> = {
  $is: 'one',
  $is_not: 'one',
  $in: 'many',
  $not_in: 'many',
  $contains: 'one',
  $not_contain: 'one',
  $starts_with: 'one',
  $ends_with: 'one',
  $has_value: 'none',
  $is_unknown: 'none',
  $more_than: 'one',
  $less_than: 'one',
  $after: 'one',
  $before: 'one',
};

/** Limits that keep one filter's SQL small. */
export const filterLimits = { depth: 5, conditions: 100, values: 1000, valueLength: 1000, keyLength: 300 } as const;

export type ConditionValue = string | number | boolean;

/** A condition after validation: one field, one operator, its values (none for $has_value/$is_unknown). */
export interface FilterCondition {
  field: string;
  type: FieldType;
  operator: Operator;
  values: ConditionValue[];
}

/** A validated filter as a tree, the form the SQL compiler reads. */
export interface FilterTree {
  junction: 'and' | 'or';
  conditions: FilterCondition[];
  groups: FilterTree[];
}

/** The wire form: `junction`, `groups`, and one `{conditions}` object per field. */
export type SegmentFilter = { junction?: 'and' | 'or'; groups?: SegmentFilter[] } & { [field: string]: unknown };

/** The type of a filter field, or undefined when the field is not filterable. */
export function fieldTypeOf(field: string): FieldType | undefined {
  if ((textFields as readonly string[]).includes(field)) return 'text';
  if ((dateFields as readonly string[]).includes(field)) return 'date';
  if (field.startsWith('metadata.')) {
    const path = field.slice('metadata.'.length).split('.');
    return path.every((part) => part.length > 0) && field.length <= filterLimits.keyLength ? 'metadata' : undefined;
  }
  const event = /^events\.(.+)\.count$/.exec(field);
  if (event && event[1].length <= 300) return 'number';
  return undefined;
}

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

export function isIsoDateOrDateTime(value: unknown): value is string {
  return isoDate.safeParse(value).success || isoDateTime.safeParse(value).success;
}

/** A finite number, or a string holding one (the real API's examples write `$more_than: ["0"]`). */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** Why one value does not fit the field and operator, or undefined when it does. */
function valueProblem(type: FieldType, operator: Operator, value: unknown): string | undefined {
  if (operator === '$more_than' || operator === '$less_than' || type === 'number') {
    return asNumber(value) === undefined ? 'expects a number' : undefined;
  }
  if (operator === '$after' || operator === '$before') {
    return isIsoDateOrDateTime(value) ? undefined : 'expects an ISO 8601 date (YYYY-MM-DD) or date-time with an offset';
  }
  const scalar = type === 'metadata' && ['$is', '$is_not', '$in', '$not_in'].includes(operator);
  if (scalar ? !['string', 'number', 'boolean'].includes(typeof value) : typeof value !== 'string') {
    return scalar ? 'expects a string, number or boolean' : 'expects a string';
  }
  if (typeof value === 'string' && value.length > filterLimits.valueLength) return `values are at most ${filterLimits.valueLength} characters`;
  return undefined;
}

type Issue = { path: (string | number)[]; message: string };

/** The values of one operator, normalised to a list, or the issue with them. */
function conditionValues(type: FieldType, operator: Operator, raw: unknown, path: (string | number)[]): { values?: ConditionValue[]; issue?: Issue } {
  const arity = operatorArity[operator];
  if (arity === 'none') {
    const ok = raw === true || (Array.isArray(raw) && raw.length === 1 && raw[0] === true);
    return ok ? { values: [] } : { issue: { path, message: `operator ${operator} takes true` } };
  }
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) return { issue: { path, message: `operator ${operator} needs a value` } };
  if (arity === 'one' && list.length > 1) return { issue: { path, message: `operator ${operator} takes one value` } };
  if (list.length > filterLimits.values) return { issue: { path, message: `operator ${operator} takes at most ${filterLimits.values} values` } };
  for (const value of list) {
    const problem = valueProblem(type, operator, value);
    if (problem) return { issue: { path, message: `operator ${operator} ${problem}` } };
  }
  return { values: list as ConditionValue[] };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const fieldHint = `fields are ${[...textFields, ...dateFields].join(', ')}, metadata.<key> and events.<name>.count`;

/** Walks one group; pushes issues (paths relative to the filter) and returns the tree when valid. */
function readGroup(input: unknown, path: (string | number)[], depth: number, issues: Issue[], counter: { n: number }): FilterTree | undefined {
  if (!isRecord(input)) {
    issues.push({ path, message: 'expected a filter object' });
    return undefined;
  }
  if (depth > filterLimits.depth) {
    issues.push({ path, message: `groups nest at most ${filterLimits.depth} levels deep` });
    return undefined;
  }
  const tree: FilterTree = { junction: 'and', conditions: [], groups: [] };
  for (const [key, value] of Object.entries(input)) {
    if (key === 'junction') {
      if (value === 'and' || value === 'or') tree.junction = value;
      else issues.push({ path: [...path, key], message: "junction must be 'and' or 'or'" });
      continue;
    }
    if (key === 'groups') {
      if (!Array.isArray(value)) issues.push({ path: [...path, key], message: 'expected an array of filters' });
      else value.forEach((group, i) => {
        const child = readGroup(group, [...path, key, i], depth + 1, issues, counter);
        if (child) tree.groups.push(child);
      });
      continue;
    }
    const type = fieldTypeOf(key);
    if (!type) {
      issues.push({ path: [...path, key], message: `unknown field '${key}'; ${fieldHint}` });
      continue;
    }
    const conditions = isRecord(value) ? value.conditions : undefined;
    if (!isRecord(conditions)) {
      issues.push({ path: isRecord(value) ? [...path, key, 'conditions'] : [...path, key], message: 'expected { "conditions": { "<$operator>": value } }' });
      continue;
    }
    if (Object.keys(conditions).length === 0) issues.push({ path: [...path, key, 'conditions'], message: 'needs at least one operator' });
    for (const [operator, raw] of Object.entries(conditions)) {
      const where = [...path, key, 'conditions'];
      if (!(operators as readonly string[]).includes(operator)) {
        issues.push({ path: where, message: `unknown operator ${operator}; operators for a ${type} field are ${operatorsByType[type].join(', ')}` });
        continue;
      }
      const op = operator as Operator;
      if (!operatorsByType[type].includes(op)) {
        issues.push({ path: where, message: `operator ${op} is not allowed for a ${type} field; use ${operatorsByType[type].join(', ')}` });
        continue;
      }
      const { values, issue } = conditionValues(type, op, raw, [...where, op]);
      if (issue) issues.push(issue);
      else if (values) tree.conditions.push({ field: key, type, operator: op, values });
      counter.n++;
    }
  }
  if (tree.conditions.length === 0 && tree.groups.length === 0 && !issues.length) issues.push({ path, message: 'needs at least one condition' });
  if (depth === 0 && counter.n > filterLimits.conditions) issues.push({ path, message: `a filter holds at most ${filterLimits.conditions} conditions` });
  return tree;
}

/** Validates a filter: the tree, or every issue found with a path naming the bad part. */
export function parseFilterTree(input: unknown): { tree?: FilterTree; issues: Issue[] } {
  const issues: Issue[] = [];
  const tree = readGroup(input, [], 0, issues, { n: 0 });
  return issues.length ? { issues } : { tree, issues };
}

/** The filter grammar as a zod schema: validates, keeps the wire form (stored and returned as sent). */
export const segmentFilterSchema = z.custom<SegmentFilter>().superRefine((value, ctx) => {
  for (const issue of parseFilterTree(value).issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
});

/** The tree of a filter already validated by segmentFilterSchema. */
export function filterTree(filter: SegmentFilter): FilterTree {
  const { tree, issues } = parseFilterTree(filter);
  if (!tree) throw new Error(`invalid filter: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return tree;
}
