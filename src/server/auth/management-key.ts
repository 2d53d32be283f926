import type { DbOrTx } from '../../platform/db/client';
import { secretMatches } from '../../platform/secrets';
import { findManagementKeyCached } from '../db/repositories/management-keys';
import { unauthorized } from '../lib/api-error';
import type { Principal } from './principal';

/** X-Management-Id + X-Management-Token: the secret compared with its stored hash in constant time. */
export async function authenticateManagementKey(db: DbOrTx, id: string, token: string): Promise<Principal> {
  const key = await findManagementKeyCached(db, id);
  if (!key || key.status !== 'ACTIVE' || !secretMatches(token, key.secretHash)) throw unauthorized('The X-Management-Id / X-Management-Token pair is not valid');
  return { projectId: key.projectId, apiKeyId: key.id, method: 'management', scopes: null };
}
