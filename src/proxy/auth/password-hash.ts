import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Staff passwords are hashed with scrypt (node:crypto, no native add-on to build): memory-hard, per-
 * user 16-byte salt. The default cost is one of OWASP's equivalent minimums for scrypt (N=2^15, r=8,
 * p=3: 32 MiB and ~0.2-0.5 s per hash here); N=2^17 would need 128 MiB per sign-in, and four
 * concurrent sign-ins (libuv's thread pool) would then pin half a gigabyte. The parameters are
 * stored with the hash, so a later cost increase still verifies old hashes.
 *
 * Format: `scrypt$<N>$<r>$<p>$<salt base64>$<key base64>`.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const defaultCost: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
const keyLength = 64;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; leave headroom over Node's 32 MiB default limit.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string, cost: ScryptCost = defaultCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Verifies in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent when the username is unknown, so the answer takes as long as for a wrong password. */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(password, await decoy);
  return false;
}
