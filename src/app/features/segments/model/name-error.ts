import type { ErrorObject } from '../../../../contract/error';
import { placeValidationDetails } from '../../../lib/place-validation-details';

/** What a create-segment error says about the segment's name, in plain words; null when it is about something else. */
export function nameErrorOf(error: ErrorObject): string | null {
  const placed = placeValidationDetails(error, (path) => (path.length === 1 && path[0] === 'name' ? 'name' : null));
  return placed && placed.length > 0 ? placed.map(({ text }) => text).join('\n') : null;
}
