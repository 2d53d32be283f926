import type { PointsExpiration } from '../../contract/earning-rule';
import type { PointsExpirationType } from '../../contract/loyalty-balance';
import { expirationDateOf } from './points-expiration';
import { utcDateString } from './utc-calendar';

export type AddedPointsExpiry = { ok: true; expiresOn: string | null } | { ok: false; reason: 'past' };

/**
 * The last day (UTC) points added by hand can be used, from the request's expiration_type:
 * - NON_EXPIRING: never;
 * - CUSTOM_DATE: the given day (a date-time counts by its UTC date); a day before today is refused,
 *   today is allowed (the points expire when it ends);
 * - PROGRAM_RULES, the default: the program's own points expiration, counted from now; a program
 *   without one keeps the points forever.
 * A date given without a type means CUSTOM_DATE.
 */
export function addedPointsExpiry(request: { expirationType?: PointsExpirationType; expirationDate?: string }, program: PointsExpiration | null, now: Date): AddedPointsExpiry {
  const type = request.expirationType ?? (request.expirationDate !== undefined ? 'CUSTOM_DATE' : 'PROGRAM_RULES');
  switch (type) {
    case 'NON_EXPIRING':
      return { ok: true, expiresOn: null };
    case 'PROGRAM_RULES':
      return { ok: true, expiresOn: expirationDateOf(program, now) };
    case 'CUSTOM_DATE': {
      const given = request.expirationDate as string;
      const day = given.length === 10 ? given : utcDateString(new Date(given));
      return day < utcDateString(now) ? { ok: false, reason: 'past' } : { ok: true, expiresOn: day };
    }
  }
}
