import { randomUUID } from 'node:crypto';
import { findManagementKey, insertManagementKey, listManagementKeys as listRows, updateManagementKey, type ManagementKeyRow } from '../db/repositories/management-keys';
import { findProject } from '../db/repositories/projects';
import { hashSecret, newSecret } from '../../platform/secrets';
import { KeyManagementError, type KeyContext } from './api-keys';

/**
 * Management key pairs (X-Management-Id / X-Management-Token): the real API's credential for its
 * Management API, here one project's, for its webhook configuration. Made by `npm run keys`.
 */

export type ManagementKeyView = Omit<ManagementKeyRow, 'secretHash'>;

function view({ secretHash: _secretHash, ...rest }: ManagementKeyRow): ManagementKeyView {
  return rest;
}

async function liveKey(ctx: KeyContext, id: string): Promise<ManagementKeyRow> {
  const key = await findManagementKey(ctx.db, id);
  if (!key) throw new KeyManagementError(`No management key with id ${id}`);
  if (key.status === 'DELETED') throw new KeyManagementError(`Management key ${id} is deleted`);
  return key;
}

export async function createManagementKey(ctx: KeyContext, projectId: string, name: string): Promise<{ key: ManagementKeyView; secret: string }> {
  if (!(await findProject(ctx.db, projectId))) throw new KeyManagementError(`No project with id ${projectId}`);
  if (!name.trim()) throw new KeyManagementError('A key needs a name');
  const secret = newSecret();
  const now = ctx.clock.now();
  const id = randomUUID();
  await insertManagementKey(ctx.db, { id, projectId, name: name.trim(), secretHash: hashSecret(secret), createdAt: now, updatedAt: now });
  return { key: view(await liveKey(ctx, id)), secret };
}

export async function listManagementKeys(ctx: KeyContext, projectId?: string): Promise<ManagementKeyView[]> {
  return (await listRows(ctx.db, projectId)).map(view);
}

/** Deletion is final; the row stays. */
export async function deleteManagementKey(ctx: KeyContext, id: string): Promise<ManagementKeyView> {
  await liveKey(ctx, id);
  return view((await updateManagementKey(ctx.db, id, { status: 'DELETED', updatedAt: ctx.clock.now() })) as ManagementKeyRow);
}

export async function regenerateManagementKey(ctx: KeyContext, id: string): Promise<{ key: ManagementKeyView; secret: string }> {
  await liveKey(ctx, id);
  const secret = newSecret();
  const row = (await updateManagementKey(ctx.db, id, { secretHash: hashSecret(secret), updatedAt: ctx.clock.now() })) as ManagementKeyRow;
  return { key: view(row), secret };
}
