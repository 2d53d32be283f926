import { createHash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The `client_id` of a key's tokens: 21 base62 characters (the length of the real API's example)
 * derived one-way from the key id. Stable per key, so tokens of one key share it, yet it does not
 * reveal the X-App-Id: the dashboard shows it, and no part of a key pair may reach the browser.
 */
export function oauthClientId(apiKeyId: string): string {
  let n = BigInt(`0x${createHash('sha256').update(`oauth-client:${apiKeyId}`, 'utf8').digest('hex')}`);
  let out = '';
  for (let i = 0; i < 21; i++) {
    out += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}
