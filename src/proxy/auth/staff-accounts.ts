import { z } from 'zod';
import { staffRoleSchema, usernameSchema, type StaffRole } from '../../contract/staff-session';
import type { Db } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import type { Clock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import { defaultCost, hashPassword, type ScryptCost } from './password-hash';
import { deleteSessionsOfUser, deleteStaffUser, findStaffUserByUsername, insertStaffUser, listStaffUsers, updateStaffUser, type StaffUserRow } from './staff-repository';

/** Staff account management (the `users` CLI). Any change to who someone is ends their sessions. */

// NIST SP 800-63B: length over composition rules; 12 for accounts that can change a whole project.
export const passwordSchema = z.string().min(12, 'Use at least 12 characters').max(1024);

export class StaffAccountError extends Error {}

export interface StaffAccountView {
  id: string;
  username: string;
  role: StaffRole;
  locked_until: string | null;
  can_sign_in: boolean;
  created_at: string;
}

function view(row: StaffUserRow): StaffAccountView {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    locked_until: row.lockedUntil?.toISOString() ?? null,
    can_sign_in: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
  };
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StaffAccountError(`${what}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

async function existing(db: Db, username: string): Promise<StaffUserRow> {
  const row = await findStaffUserByUsername(db, parse(usernameSchema, username, 'username'));
  if (!row) throw new StaffAccountError(`No staff user '${username}'`);
  return row;
}

export async function createStaffAccount(db: Db, clock: Clock, input: { username: string; role: string; password: string }, cost: ScryptCost = defaultCost): Promise<StaffAccountView> {
  const username = parse(usernameSchema, input.username, 'username');
  const role = parse(staffRoleSchema, input.role, 'role');
  const password = parse(passwordSchema, input.password, 'password');
  const now = clock.now();
  try {
    return view(await insertStaffUser(db, { id: newId('usr'), username, role, passwordHash: await hashPassword(password, cost), createdAt: now, updatedAt: now }));
  } catch (error) {
    if (violatedUniqueIndex(error)) throw new StaffAccountError(`A staff user '${username}' already exists`);
    throw error;
  }
}

export async function listStaffAccounts(db: Db): Promise<StaffAccountView[]> {
  return (await listStaffUsers(db)).map(view);
}

export async function setStaffRole(db: Db, clock: Clock, username: string, role: string): Promise<StaffAccountView> {
  const row = await existing(db, username);
  const updated = await updateStaffUser(db, row.id, { role: parse(staffRoleSchema, role, 'role'), updatedAt: clock.now() });
  // Sessions carry no role (it is read on every call), but a demotion should not wait for sign-out.
  await deleteSessionsOfUser(db, row.id);
  return view(updated as StaffUserRow);
}

/** Sets a new password, lifts a lock-out and ends every session of the user. */
export async function resetStaffPassword(db: Db, clock: Clock, username: string, password: string, cost: ScryptCost = defaultCost): Promise<StaffAccountView> {
  const row = await existing(db, username);
  const passwordHash = await hashPassword(parse(passwordSchema, password, 'password'), cost);
  const updated = await updateStaffUser(db, row.id, { passwordHash, failedSignIns: 0, lockedUntil: null, updatedAt: clock.now() });
  await deleteSessionsOfUser(db, row.id);
  return view(updated as StaffUserRow);
}

export async function deleteStaffAccount(db: Db, username: string): Promise<void> {
  const row = await existing(db, username);
  await deleteStaffUser(db, row.id);
}
