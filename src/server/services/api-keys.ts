import { randomUUID } from 'node:crypto';
import { parseAllowlist } from '../auth/ip-allowlist';
import type { Db, DbOrTx } from '../../platform/db/client';
import { findApiKey, insertApiKey, listApiKeys as listRows, updateApiKey, type ApiKeyRow } from '../db/repositories/api-keys';
import { revokeLiveTokensOfKey } from '../db/repositories/oauth-tokens';
import { findProject } from '../db/repositories/projects';
import type { Clock } from '../../platform/clock';
import { hashSecret, newSecret } from '../../platform/secrets';

/** Key management runs from the CLI as well as from tests: it needs only the database and a clock. */
export interface KeyContext {
  db: Db;
  clock: Clock;
}

/** A refused key operation; the CLI prints its message. */
export class KeyManagementError extends Error {}

export type ApiKeyView = Omit<ApiKeyRow, 'secretHash'>;
export interface IssuedSecret {
  key: ApiKeyView;
  /** The X-App-Token in clear: shown once, stored only as a hash. */
  secret: string;
}

function view({ secretHash: _secretHash, ...rest }: ApiKeyRow): ApiKeyView {
  return rest;
}

async function existingKey(db: DbOrTx, id: string): Promise<ApiKeyRow> {
  const key = await findApiKey(db, id);
  if (!key) throw new KeyManagementError(`No API key with id ${id}`);
  return key;
}

function validAllowlist(entries: string[]): string[] {
  try {
    return parseAllowlist(entries);
  } catch (error) {
    throw new KeyManagementError((error as Error).message);
  }
}

function refuseDeleted(key: ApiKeyRow, action: string): void {
  if (key.status === 'DELETED') throw new KeyManagementError(`API key ${key.id} is deleted and cannot be ${action}`);
}

export async function createApiKey(ctx: KeyContext, projectId: string, name: string, ipAllowlist: string[] = []): Promise<IssuedSecret> {
  if (!(await findProject(ctx.db, projectId))) throw new KeyManagementError(`No project with id ${projectId}`);
  if (!name.trim()) throw new KeyManagementError('A key needs a name');
  const secret = newSecret();
  const now = ctx.clock.now();
  // Key ids are UUIDs, as the real API's application ids.
  const id = randomUUID();
  await insertApiKey(ctx.db, { id, projectId, name: name.trim(), secretHash: hashSecret(secret), ipAllowlist: validAllowlist(ipAllowlist), createdAt: now, updatedAt: now });
  return { key: view(await existingKey(ctx.db, id)), secret };
}

export async function listApiKeys(ctx: KeyContext, projectId?: string): Promise<ApiKeyView[]> {
  return (await listRows(ctx.db, projectId)).map(view);
}

/**
 * Blocks a key: the key pair stops authenticating and its live tokens are revoked in the same
 * transaction (bearer requests also check the key's status, so nothing slips through meanwhile).
 * Unblocking later does not bring those tokens back.
 */
export async function blockApiKey(ctx: KeyContext, id: string): Promise<ApiKeyView> {
  return ctx.db.transaction(async (tx) => {
    const key = await existingKey(tx, id);
    refuseDeleted(key, 'blocked');
    const now = ctx.clock.now();
    await revokeLiveTokensOfKey(tx, id, now);
    return view((await updateApiKey(tx, id, { status: 'BLOCKED', updatedAt: now })) as ApiKeyRow);
  });
}

export async function unblockApiKey(ctx: KeyContext, id: string): Promise<ApiKeyView> {
  const key = await existingKey(ctx.db, id);
  refuseDeleted(key, 'unblocked');
  return view((await updateApiKey(ctx.db, id, { status: 'ACTIVE', updatedAt: ctx.clock.now() })) as ApiKeyRow);
}

/** Deletion is final and keeps the row (tokens and history reference it); its live tokens are revoked. */
export async function deleteApiKey(ctx: KeyContext, id: string): Promise<ApiKeyView> {
  return ctx.db.transaction(async (tx) => {
    await existingKey(tx, id);
    const now = ctx.clock.now();
    await revokeLiveTokensOfKey(tx, id, now);
    return view((await updateApiKey(tx, id, { status: 'DELETED', updatedAt: now })) as ApiKeyRow);
  });
}

/** A new secret for the same key id: the old secret stops working, tokens the key issued keep working. */
export async function regenerateApiKey(ctx: KeyContext, id: string): Promise<IssuedSecret> {
  const key = await existingKey(ctx.db, id);
  refuseDeleted(key, 'regenerated');
  const secret = newSecret();
  const row = (await updateApiKey(ctx.db, id, { secretHash: hashSecret(secret), updatedAt: ctx.clock.now() })) as ApiKeyRow;
  return { key: view(row), secret };
}

/** Replaces the key's IP allowlist (IP addresses or CIDR blocks); an empty list allows every address. */
export async function setApiKeyIpAllowlist(ctx: KeyContext, id: string, entries: string[]): Promise<ApiKeyView> {
  const allowlist = validAllowlist(entries);
  const key = await existingKey(ctx.db, id);
  refuseDeleted(key, 'changed');
  return view((await updateApiKey(ctx.db, id, { ipAllowlist: allowlist, updatedAt: ctx.clock.now() })) as ApiKeyRow);
}
