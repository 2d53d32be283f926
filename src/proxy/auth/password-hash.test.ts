import { describe, expect, it } from 'vitest';
import { defaultCost, hashPassword, verifyPassword } from './password-hash';

describe('staff password hashing (scrypt)', () => {
  it('uses an OWASP-grade cost by default, a fresh salt per hash, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(defaultCost).toEqual({ N: 32768, r: 8, p: 3 });
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(stored);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(stored).not.toContain('correct');
  });

  it('verifies with the parameters stored in the hash, so a cost change keeps old hashes working', async () => {
    const cheap = await hashPassword('pässword one', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('pässword one', cheap)).toBe(true);
    // Unicode is normalised: the same word typed as decomposed characters still matches.
    expect(await verifyPassword('pa\u0308ssword one', cheap)).toBe(true);
  });

  it('never matches a malformed stored value', async () => {
    for (const stored of ['', 'plain', 'scrypt$0$8$1$AAAA$BBBB', 'bcrypt$1$2$3$4$5', 'scrypt$1024$8$1$$']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
