import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API secrets, OAuth tokens and download tokens are long random values, so a fast SHA-256 is the
 * right hash for them (a password KDF would only add latency; there is nothing to brute-force).
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** 32 random bytes (256 bits) as URL-safe text. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
