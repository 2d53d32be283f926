import type { z } from 'zod';
import { formatValidationDetails, type ValidationDetail } from '../../contract/validation-details';
import { invalidPayload } from '../lib/api-error';

/** At most this many problems are listed in one answer; the first names the place to look. */
const maxListed = 10;

function detailOf(issue: z.core.$ZodIssue): ValidationDetail[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return issue.keys.map((property) => ({ kind: 'additional', path, property }));
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message) && path.length > 0) return [{ kind: 'required', path: path.slice(0, -1), property: path[path.length - 1] }];
  return [{ kind: 'invalid', path, message: issue.message }];
}

/** A document that is not the fixture format: 400 `invalid_payload` naming each place (JSON path) in the one format of validation details. */
export function documentRefused(error: z.ZodError): Error {
  return invalidPayload(formatValidationDetails(error.issues.flatMap(detailOf).slice(0, maxListed)));
}
