import type { ErrorObject } from '../../contract/error';
import { fieldPathOf, parseValidationDetails } from '../../contract/validation-details';
import { sayValidationDetail } from '../../contract/validation-wording';
import type { PlacedError } from './use-form-api-error';

/**
 * Each detail of a 400 `invalid_payload` beside the form field its property path maps to (in
 * plain words); null when the error is not one, or when a detail fits no field (then the whole
 * error goes to the form's top, so nothing is left unshown).
 */
export function placeValidationDetails<Target extends string>(error: ErrorObject, fieldOf: (path: string[]) => Target | null): PlacedError<Target>[] | null {
  if (error.key !== 'invalid_payload' || !error.details) return null;
  const placed: PlacedError<Target>[] = [];
  for (const { detail } of parseValidationDetails(error.details)) {
    const target = detail && fieldOf(fieldPathOf(detail));
    if (!detail || !target) return null;
    placed.push({ target, text: sayValidationDetail(detail) });
  }
  return placed;
}
