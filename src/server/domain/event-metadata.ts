import { formatValidationDetail } from '../../contract/validation-details';
import type { EventPropertyType } from '../../contract/event';

export type EventProperties = Record<string, { type: string; required?: boolean }>;

const checks: Record<EventPropertyType, { test: (v: unknown) => boolean; expected: string }> = {
  string: { test: (v) => typeof v === 'string', expected: 'string' },
  number: { test: (v) => typeof v === 'number' && Number.isFinite(v), expected: 'number' },
  boolean: { test: (v) => typeof v === 'boolean', expected: 'boolean' },
  date: { test: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), expected: 'date (YYYY-MM-DD)' },
  datetime: { test: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), expected: 'date-time (ISO 8601)' },
  object: { test: (v) => typeof v === 'object' && v !== null && !Array.isArray(v), expected: 'object' },
};

/**
 * What is wrong with an event's metadata against its schema, in the words of the other
 * validation errors ("Property .metadata.rating: expected number"). Properties the schema does
 * not define are allowed; null counts as absent.
 */
export function metadataProblems(properties: EventProperties, metadata: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, definition] of Object.entries(properties)) {
    const value = metadata[name];
    if (value === undefined || value === null) {
      if (definition.required) problems.push(formatValidationDetail({ kind: 'required', path: ['metadata'], property: name }));
      continue;
    }
    const check = checks[definition.type as EventPropertyType];
    if (check && !check.test(value)) problems.push(formatValidationDetail({ kind: 'invalid', path: ['metadata', name], message: `expected ${check.expected}` }));
  }
  return problems;
}
