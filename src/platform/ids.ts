import { pooledRandomBytes } from './random-pool';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform random string over `alphabet`, by rejection sampling so no character is favoured. */
export function randomString(length: number, alphabet = BASE62): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of pooledRandomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/**
 * Identifier with the real API's prefix: `camp_`, `cust_`, `v_`, `pub_`, … followed by 24 random
 * base62 characters (~143 bits). Earning rule ids are hex, as the v2 contract's pattern requires;
 * async action ids 18 hex characters, as the real API's (`aa_0a875d56c805df6601`).
 */
export function newId(prefix: string): string {
  if (prefix === 'lern' || prefix === 'lernei') return `${prefix}_${pooledRandomBytes(12).toString('hex')}`;
  if (prefix === 'aa') return `aa_${pooledRandomBytes(9).toString('hex')}`;
  return `${prefix}_${randomString(24)}`;
}
