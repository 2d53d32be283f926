import { describe, expect, it } from 'vitest';
import { addedPointsExpiry } from './added-points-expiry';

const now = new Date('2026-03-10T22:30:00.000Z');
const rolling = { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'MONTH', value: 2 }, rounding: { type: 'END_OF_MONTH' } } } as const;

describe('expiry of points added by hand', () => {
  it('never expires for NON_EXPIRING, whatever the program says', () => {
    expect(addedPointsExpiry({ expirationType: 'NON_EXPIRING' }, rolling, now)).toEqual({ ok: true, expiresOn: null });
  });

  it('follows the program for PROGRAM_RULES and by default, and never expires in a program without rules', () => {
    expect(addedPointsExpiry({ expirationType: 'PROGRAM_RULES' }, rolling, now)).toEqual({ ok: true, expiresOn: '2026-05-31' });
    expect(addedPointsExpiry({}, rolling, now)).toEqual({ ok: true, expiresOn: '2026-05-31' });
    expect(addedPointsExpiry({}, null, now)).toEqual({ ok: true, expiresOn: null });
  });

  it('takes a custom day (or a date-time by its UTC date), today included, and refuses the past', () => {
    expect(addedPointsExpiry({ expirationType: 'CUSTOM_DATE', expirationDate: '2026-04-01' }, rolling, now)).toEqual({ ok: true, expiresOn: '2026-04-01' });
    expect(addedPointsExpiry({ expirationDate: '2026-04-01T23:30:00-02:00' }, null, now)).toEqual({ ok: true, expiresOn: '2026-04-02' });
    expect(addedPointsExpiry({ expirationType: 'CUSTOM_DATE', expirationDate: '2026-03-10' }, null, now)).toEqual({ ok: true, expiresOn: '2026-03-10' });
    expect(addedPointsExpiry({ expirationType: 'CUSTOM_DATE', expirationDate: '2026-03-09' }, null, now)).toEqual({ ok: false, reason: 'past' });
  });
});
