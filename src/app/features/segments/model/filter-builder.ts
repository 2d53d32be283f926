import {
  dateFields,
  operatorArity,
  operatorsByType,
  parseFilterTree,
  textFields,
  type FieldType,
  type Operator,
  type SegmentFilter,
} from '../../../../contract/segment';

/**
 * The condition builder's model: rows (field, operator, value as typed) inside and/or groups, and
 * its translation to the API's filter (src/contract/segment-filter.ts). The contract validates the
 * result, so the builder and the service agree on what a filter may say.
 */

export type FieldChoice = (typeof textFields)[number] | (typeof dateFields)[number] | 'metadata' | 'events';

export interface ConditionRow {
  id: string;
  field: FieldChoice;
  /** The metadata key, or the event name, for those two fields. */
  key: string;
  operator: Operator;
  /** As typed; lists are comma-separated. */
  value: string;
}

export interface ConditionGroup {
  id: string;
  junction: 'and' | 'or';
  rows: ConditionRow[];
  groups: ConditionGroup[];
}

export const fieldLabels: Record<FieldChoice, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  'address.city': 'City',
  'address.state': 'State',
  'address.country': 'Country',
  'address.postal_code': 'Postal code',
  'address.line_1': 'Address line 1',
  'address.line_2': 'Address line 2',
  created_at: 'Created at',
  birthdate: 'Birthdate',
  metadata: 'Metadata key…',
  events: 'Event count…',
};
export const fieldChoices = Object.keys(fieldLabels) as FieldChoice[];

export const operatorLabels: Record<Operator, string> = {
  $is: 'is',
  $is_not: 'is not',
  $in: 'is one of',
  $not_in: 'is none of',
  $contains: 'contains',
  $not_contain: 'does not contain',
  $starts_with: 'starts with',
  $ends_with: 'ends with',
  $has_value: 'has a value',
  $is_unknown: 'is unknown',
  $more_than: 'more than',
  $less_than: 'less than',
  $after: 'after',
  $before: 'before',
};

export function fieldTypeOfChoice(field: FieldChoice): FieldType {
  if (field === 'metadata') return 'metadata';
  if (field === 'events') return 'number';
  return (dateFields as readonly string[]).includes(field) ? 'date' : 'text';
}

/** The operators the field's type allows, in the builder's order. */
export function operatorChoices(field: FieldChoice): readonly Operator[] {
  return operatorsByType[fieldTypeOfChoice(field)];
}

/** The input a value needs: none, a date, a number, or text (a comma-separated list for $in). */
export function valueInput(row: Pick<ConditionRow, 'field' | 'operator'>): 'none' | 'date' | 'number' | 'text' | 'list' {
  const arity = operatorArity[row.operator];
  if (arity === 'none') return 'none';
  if (arity === 'many') return 'list';
  const type = fieldTypeOfChoice(row.field);
  if (type === 'date' || row.operator === '$after' || row.operator === '$before') return 'date';
  if (type === 'number' || row.operator === '$more_than' || row.operator === '$less_than') return 'number';
  return 'text';
}

/** The API field name of a row: `metadata.<key>` and `events.<name>.count` take the typed key. */
export function fieldName(row: Pick<ConditionRow, 'field' | 'key'>): string {
  if (row.field === 'metadata') return `metadata.${row.key.trim()}`;
  if (row.field === 'events') return `events.${row.key.trim()}.count`;
  return row.field;
}

function rowValue(row: ConditionRow): unknown {
  const input = valueInput(row);
  const text = row.value.trim();
  if (input === 'none') return true;
  if (input === 'list') return text.split(',').map((v) => v.trim()).filter(Boolean);
  if (input === 'number' && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

let counter = 0;
export const newRowId = () => `row-${++counter}`;

export function emptyRow(field: FieldChoice = 'name'): ConditionRow {
  return { id: newRowId(), field, key: '', operator: operatorChoices(field)[0], value: '' };
}

export function emptyGroup(junction: 'and' | 'or' = 'and'): ConditionGroup {
  return { id: newRowId(), junction, rows: [emptyRow()], groups: [] };
}

/** A row with a new field keeps its operator when the field allows it, else takes the first. */
export function withField(row: ConditionRow, field: FieldChoice): ConditionRow {
  const operator = operatorChoices(field).includes(row.operator) ? row.operator : operatorChoices(field)[0];
  return { ...row, field, operator };
}

/** What is missing in a row before it can be sent, or null. */
export function rowProblem(row: ConditionRow): string | null {
  if (row.field === 'metadata' && !row.key.trim()) return 'Enter the metadata key';
  if (row.field === 'events' && !row.key.trim()) return 'Enter the event name';
  const input = valueInput(row);
  if (input !== 'none' && !row.value.trim()) return input === 'list' ? 'Enter one or more values, separated by commas' : 'Enter a value';
  return null;
}

/**
 * The API filter of a group. One field takes each operator once per group, so a repeated
 * field + operator moves into a nested group with the same junction (same meaning).
 */
export function toFilter(group: ConditionGroup): SegmentFilter {
  const filter: Record<string, unknown> = { junction: group.junction };
  const overflow: ConditionRow[] = [];
  for (const row of group.rows) {
    const name = fieldName(row);
    const entry = (filter[name] ??= { conditions: {} }) as { conditions: Record<string, unknown> };
    if (row.operator in entry.conditions) overflow.push(row);
    else entry.conditions[row.operator] = rowValue(row);
  }
  const groups = group.groups.map(toFilter);
  if (overflow.length) groups.push(toFilter({ id: group.id, junction: group.junction, rows: overflow, groups: [] }));
  if (groups.length) filter.groups = groups;
  return filter as SegmentFilter;
}

function allRows(group: ConditionGroup): ConditionRow[] {
  return [...group.rows, ...group.groups.flatMap(allRows)];
}

/**
 * The filter to preview and send, or why not yet: the first incomplete row, then anything the
 * contract rejects (e.g. a malformed date), in the service's words.
 */
export function buildFilter(group: ConditionGroup): { filter?: SegmentFilter; problem?: string } {
  const rows = allRows(group);
  if (rows.length === 0) return { problem: 'Add at least one condition' };
  for (const [index, row] of rows.entries()) {
    const problem = rowProblem(row);
    if (problem) return { problem: `Condition ${index + 1}: ${problem}` };
  }
  const filter = toFilter(group);
  const { issues } = parseFilterTree(filter);
  if (issues.length) return { problem: issues.map((i) => `${['filter', ...i.path].join('.')}: ${i.message}`).join('; ') };
  return { filter };
}
