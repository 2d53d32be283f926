import type { DbOrTx } from '../../platform/db/client';
import { findApiKeyCached, type findApiKey } from '../db/repositories/api-keys';
import { ApiError, unauthorized } from '../lib/api-error';
import { secretMatches } from '../../platform/secrets';
import { ipAllowed } from './ip-allowlist';
import type { Principal } from './principal';

export type ActiveKey = NonNullable<Awaited<ReturnType<typeof findApiKey>>>;

export function forbiddenIp(ip: string): ApiError {
  return new ApiError(403, 'forbidden', 'Forbidden', `Requests from ${ip} are not allowed for this API key`);
}

/** Checks that the key exists, is usable and allows the caller's address. */
export function assertKeyUsable(key: ActiveKey | undefined, ip: string): asserts key is ActiveKey {
  if (!key || key.status === 'DELETED') throw unauthorized('The API key is not valid');
  if (key.status === 'BLOCKED') throw unauthorized('The API key is blocked');
  if (!ipAllowed(ip, key.ipAllowlist)) throw forbiddenIp(ip);
}

/** X-App-Id + X-App-Token: the secret is compared with its stored hash in constant time. */
export async function authenticateKeyPair(db: DbOrTx, appId: string, appToken: string, ip: string): Promise<Principal> {
  const key = await findApiKeyCached(db, appId);
  if (!key || !secretMatches(appToken, key.secretHash)) throw unauthorized('The X-App-Id / X-App-Token pair is not valid');
  assertKeyUsable(key, ip);
  return { projectId: key.projectId, apiKeyId: key.id, method: 'key', scopes: null };
}
