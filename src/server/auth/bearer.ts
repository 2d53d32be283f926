import type { DbOrTx } from '../../platform/db/client';
import { findTokenByHash, tokenLife } from '../db/repositories/oauth-tokens';
import { credentialEnd, credentialLive } from '../domain/credential-life';
import { storedScopes } from '../domain/scopes';
import { unauthorized } from '../lib/api-error';
import { hashSecret, secretMatches } from '../../platform/secrets';
import { ipAllowed } from './ip-allowlist';
import { forbiddenIp } from './key-pair';
import type { Principal } from './principal';

/** A project's time and real time, now: a bearer token expires by both. */
export type ProjectTimeOf = (projectId: string) => Promise<{ now: Date; realNow: Date }>;

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 7235); 401 for any other form. */
export function bearerTokenOf(authorization: string): string {
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <access_token>"');
  return match[1];
}

/**
 * A bearer token: found by its SHA-256 hash (the clear token is never stored), live at `now`, and
 * its issuing key still usable. The key's status and IP allowlist are read on every request, so
 * blocking or deleting a key stops its tokens at once, while a regenerated secret does not matter
 * (tokens reference the key id, not the secret).
 */
export async function authenticateBearer(db: DbOrTx, token: string, ip: string, timeOf: ProjectTimeOf): Promise<Principal> {
  const found = await findTokenByHash(db, hashSecret(token));
  // The lookup is by hash; the constant-time comparison is the belt to its braces.
  if (!found || !secretMatches(token, found.token.tokenHash)) throw unauthorized('The bearer token is not valid');
  if (found.token.revokedAt) throw unauthorized('The bearer token has been revoked');
  // By the project's clock and, since the clock may have returned from ahead, by real time (issue 35).
  const { now, realNow } = await timeOf(found.token.projectId);
  const life = tokenLife(found.token);
  if (!credentialLive(life, now, realNow)) throw unauthorized(`The bearer token expired at ${credentialEnd(life, now, realNow).toISOString()}`);
  if (found.key.status !== 'ACTIVE') throw unauthorized(`The API key that issued this token is ${found.key.status.toLowerCase()}`);
  if (!ipAllowed(ip, found.key.ipAllowlist)) throw forbiddenIp(ip);
  return { projectId: found.token.projectId, apiKeyId: found.key.id, tokenId: found.token.id, method: 'bearer', scopes: storedScopes(found.token.scope) };
}
