import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signDashboardUser, verifyDashboardUser } from './dashboard-user';

describe('X-Dashboard-User', () => {
  const key = randomBytes(32);
  const now = new Date('2026-11-21T10:00:00Z');
  const path = '/v1/loyalties/members/LOY-1/transactions/export';

  it('proves the user for the same call within five minutes', () => {
    const header = signDashboardUser(key, 'usr_abc', 'POST', path, now);
    expect(verifyDashboardUser(key, header, 'POST', path, now)).toBe('usr_abc');
    expect(verifyDashboardUser(key, header, 'POST', path, new Date(now.getTime() + 299_000))).toBe('usr_abc');
  });

  it('rejects another key, another call, a stale or future time, and tampering', () => {
    const header = signDashboardUser(key, 'usr_abc', 'POST', path, now);
    expect(verifyDashboardUser(randomBytes(32), header, 'POST', path, now)).toBeUndefined();
    expect(verifyDashboardUser(key, header, 'GET', path, now)).toBeUndefined();
    expect(verifyDashboardUser(key, header, 'POST', `${path}?x=1`, now)).toBeUndefined();
    expect(verifyDashboardUser(key, header, 'POST', path, new Date(now.getTime() + 301_000))).toBeUndefined();
    expect(verifyDashboardUser(key, header, 'POST', path, new Date(now.getTime() - 301_000))).toBeUndefined();
    expect(verifyDashboardUser(key, header.replace('usr_abc', 'usr_abd'), 'POST', path, now)).toBeUndefined();
    for (const bad of [undefined, '', 'usr_abc', 'usr_abc.1.2.3', 'a.b.c', `usr_abc.${Math.floor(now.getTime() / 1000)}.`]) {
      expect(verifyDashboardUser(key, bad, 'POST', path, now)).toBeUndefined();
    }
  });
});
