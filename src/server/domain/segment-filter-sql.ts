import { sql, type SQL } from 'drizzle-orm';
import type { FilterCondition, FilterTree } from '../../contract/segment-filter';

/**
 * Compiles a validated segment filter into one SQL predicate over `customers c`, so a segment is
 * evaluated set-based by PostgreSQL (or PGlite) for any number of customers at once. Pure: no I/O.
 * Every value and metadata key travels as a bound parameter; the SQL text holds only our own
 * column names and constants. Each condition is NULL-safe: it is true or false/NULL, and NULL
 * counts as "not matching" (callers wrap the whole predicate in COALESCE where it matters).
 */

const textColumns: Record<string, SQL> = {
  name: sql.raw('c.name'),
  email: sql.raw('c.email'),
  phone: sql.raw('c.phone'),
  'address.city': sql.raw(`(c.address ->> 'city')`),
  'address.state': sql.raw(`(c.address ->> 'state')`),
  'address.country': sql.raw(`(c.address ->> 'country')`),
  'address.postal_code': sql.raw(`(c.address ->> 'postal_code')`),
  'address.line_1': sql.raw(`(c.address ->> 'line_1')`),
  'address.line_2': sql.raw(`(c.address ->> 'line_2')`),
};

// A YYYY-MM-DD date, optionally followed by a time and an offset, with every field in range.
const isoPattern =
  '^[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,6})?)?(Z|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)?)?$';
const hasOffset = '[T ].*(Z|[+-][0-9]{2}(:?[0-9]{2})?)$';
const numberPattern = '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$';

/**
 * Text → timestamptz that never raises: anything not a real ISO date becomes NULL. The day is
 * checked against the month's length before the cast (2021-02-30 would raise), and nested CASEs
 * fix the evaluation order (AND does not). A value without an offset is read as UTC.
 */
function safeTimestamp(text: SQL): SQL {
  const lastDay = sql`extract(day FROM make_date(substr(${text}, 1, 4)::int, substr(${text}, 6, 2)::int, 1) + interval '1 month' - interval '1 day')`;
  return sql`(CASE WHEN ${text} ~ ${sql.raw(`'${isoPattern}'`)} THEN
    CASE WHEN substr(${text}, 9, 2)::int <= ${lastDay} THEN
      CASE WHEN ${text} ~ ${sql.raw(`'${hasOffset}'`)} THEN ${text}::timestamptz ELSE (${text}::timestamp AT TIME ZONE 'UTC') END
    END END)`;
}

/** Text → numeric that never raises: non-numbers become NULL. */
function safeNumeric(text: SQL): SQL {
  return sql`(CASE WHEN ${text} ~ ${sql.raw(`'${numberPattern}'`)} THEN trim(${text})::numeric END)`;
}

const asText = (value: FilterCondition['values'][number]): string => String(value);
/** Filter dates are normalised to UTC instants; a bare date means its UTC midnight. */
const asInstant = (value: FilterCondition['values'][number]): string => new Date(String(value)).toISOString();

/** The text-valued operators, over any text expression. */
function textPredicate(column: SQL, condition: FilterCondition): SQL {
  const [first] = condition.values.map(asText);
  const all = condition.values.map(asText);
  switch (condition.operator) {
    case '$is':
      return sql`(${column} = ${first})`;
    case '$is_not':
      return sql`(${column} IS DISTINCT FROM ${first})`;
    case '$in':
      return sql`(${column} = ANY(${sql.param(all)}::text[]))`;
    case '$not_in':
      return sql`(${column} IS NULL OR NOT (${column} = ANY(${sql.param(all)}::text[])))`;
    case '$contains':
      return sql`(strpos(lower(${column}), lower(${first}::text)) > 0)`;
    case '$not_contain':
      return sql`(${column} IS NULL OR strpos(lower(${column}), lower(${first}::text)) = 0)`;
    case '$starts_with':
      return sql`starts_with(lower(${column}), lower(${first}::text))`;
    case '$ends_with':
      return sql`(right(lower(${column}), char_length(${first}::text)) = lower(${first}::text))`;
    case '$has_value':
      return sql`(${column} IS NOT NULL AND ${column} <> '')`;
    case '$is_unknown':
      return sql`(${column} IS NULL OR ${column} = '')`;
    default:
      throw new Error(`operator ${condition.operator} is not a text operator`);
  }
}

function datePredicate(instant: SQL, condition: FilterCondition): SQL {
  const [first] = condition.values;
  if (condition.operator === '$after') return sql`(${instant} > ${asInstant(first)}::timestamptz)`;
  if (condition.operator === '$before') return sql`(${instant} < ${asInstant(first)}::timestamptz)`;
  throw new Error(`operator ${condition.operator} is not a date operator`);
}

function numberPredicate(number: SQL, condition: FilterCondition): SQL {
  const value = String(condition.values[0]).trim();
  switch (condition.operator) {
    case '$is':
      return sql`(${number} = ${value}::numeric)`;
    case '$is_not':
      return sql`(${number} IS DISTINCT FROM ${value}::numeric)`;
    case '$more_than':
      return sql`(${number} > ${value}::numeric)`;
    case '$less_than':
      return sql`(${number} < ${value}::numeric)`;
    default:
      throw new Error(`operator ${condition.operator} is not a number operator`);
  }
}

function dateField(field: string): { text: SQL; instant: SQL } {
  if (field === 'created_at') return { text: sql.raw('c.created_at::text'), instant: sql.raw('c.created_at') };
  const text = sql.raw('c.birthdate');
  return { text, instant: safeTimestamp(text) };
}

/** One condition as a predicate over `customers c`. */
export function conditionSql(condition: FilterCondition): SQL {
  const { field, type, operator } = condition;
  switch (type) {
    case 'text':
      return textPredicate(textColumns[field], condition);
    case 'date': {
      const { text, instant } = dateField(field);
      if (operator === '$has_value' || operator === '$is_unknown') return textPredicate(text, condition);
      return datePredicate(instant, condition);
    }
    case 'number': {
      const event = field.slice('events.'.length, -'.count'.length);
      const count = sql`(SELECT count(*) FROM events e WHERE e.project_id = c.project_id AND e.customer_id = c.id AND e.type = ${event})`;
      return numberPredicate(count, condition);
    }
    case 'metadata': {
      // The key is a jsonb path parameter: `metadata.a.b` reads metadata -> 'a' -> 'b'.
      const value = sql`(c.metadata #>> ${sql.param(field.slice('metadata.'.length).split('.'))}::text[])`;
      if (operator === '$more_than' || operator === '$less_than') return numberPredicate(safeNumeric(value), condition);
      if (operator === '$after' || operator === '$before') return datePredicate(safeTimestamp(value), condition);
      return textPredicate(value, condition);
    }
  }
}

/** A whole filter as one predicate over `customers c`. */
export function filterSql(tree: FilterTree): SQL {
  const parts = [...tree.conditions.map(conditionSql), ...tree.groups.map(filterSql)];
  return sql`(${sql.join(parts, sql.raw(tree.junction === 'and' ? ' AND ' : ' OR '))})`;
}
