import type { StaffDirectory, StaffRole, StaffUser } from '../../contract/staff-session';
import type { Db } from '../../platform/db/client';
import type { Clock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import { hashSecret, newSecret, secretMatches } from '../../platform/secrets';
import { defaultCost, hashPassword, verifyPassword, type ScryptCost } from './password-hash';
import {
  deleteExpiredSessions,
  deleteStaffSession,
  findStaffSession,
  findStaffUserByUsername,
  insertStaffSession,
  insertStaffUser,
  listStaffUsers,
  recordFailedSignIn,
  touchStaffSession,
  updateStaffUser,
  type StaffSessionRow,
  type StaffUserRow,
} from './staff-repository';

export interface SessionPolicy {
  /** Failed sign-ins in a row that lock the account… */
  maxFailures: number;
  /** …for this long. */
  lockMinutes: number;
  /** A session unused this long ends. */
  idleMinutes: number;
  /** A session ends this long after sign-in, used or not. */
  maxHours: number;
}

export const defaultSessionPolicy: SessionPolicy = { maxFailures: 5, lockMinutes: 15, idleMinutes: 120, maxHours: 12 };

/** What the browser holds: the session id (HttpOnly cookie) and the CSRF token it echoes in a header. */
export interface SessionTokens {
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
}

export type SignInResult =
  | { ok: true; user: StaffUser; tokens: SessionTokens }
  | { ok: false; reason: 'invalid_credentials' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

export interface ActiveSession {
  user: StaffUser;
  session: StaffSessionRow;
}

// Writing last_seen_at on every call would turn each read into a write; a minute's slack is enough.
const touchEveryMs = 60_000;

export function publicUser(row: StaffUserRow): StaffUser {
  return { id: row.id, username: row.username, role: row.role };
}

/** Staff sign-in with lock-out, and the sessions it opens. All time comes from the injected clock. */
export class StaffAuth {
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly policy: SessionPolicy = defaultSessionPolicy,
    private readonly cost: ScryptCost = defaultCost,
  ) {}

  async signIn(username: string, password: string): Promise<SignInResult> {
    const now = this.clock.now();
    const user = await findStaffUserByUsername(this.db, username);
    if (!user || !user.passwordHash) {
      // The same work as a wrong password, so timing does not tell which usernames exist.
      this.decoyHash ??= hashPassword(newSecret(), this.cost);
      await verifyPassword(password, await this.decoyHash);
      return { ok: false, reason: 'invalid_credentials' };
    }
    if (user.lockedUntil && user.lockedUntil > now) return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(user.lockedUntil, now) };

    if (!(await verifyPassword(password, user.passwordHash))) {
      const lockUntil = new Date(now.getTime() + this.policy.lockMinutes * 60_000);
      const after = await recordFailedSignIn(this.db, user.id, this.policy.maxFailures, lockUntil, now);
      if (after?.lockedUntil && after.lockedUntil > now) return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(after.lockedUntil, now) };
      return { ok: false, reason: 'invalid_credentials' };
    }
    if (user.failedSignIns > 0 || user.lockedUntil) await updateStaffUser(this.db, user.id, { failedSignIns: 0, lockedUntil: null, updatedAt: now });
    return { ok: true, user: publicUser(user), tokens: await this.startSession(user.id) };
  }

  /** Opens a session for a user already identified (password checked, or the demo user). */
  async startSession(userId: string): Promise<SessionTokens> {
    const now = this.clock.now();
    const tokens = { sessionId: newSecret(), csrfToken: newSecret(), expiresAt: new Date(now.getTime() + this.policy.maxHours * 3_600_000) };
    await insertStaffSession(this.db, {
      idHash: hashSecret(tokens.sessionId),
      userId,
      csrfHash: hashSecret(tokens.csrfToken),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: tokens.expiresAt,
    });
    // Housekeeping rides on sign-ins, which are rare: no timer to manage.
    await deleteExpiredSessions(this.db, now);
    return tokens;
  }

  /** The live session behind a cookie value, or undefined (unknown, expired, idle too long). */
  async resolve(sessionId: string | undefined): Promise<ActiveSession | undefined> {
    if (!sessionId || sessionId.length > 200) return undefined;
    const idHash = hashSecret(sessionId);
    const found = await findStaffSession(this.db, idHash);
    if (!found) return undefined;
    const now = this.clock.now();
    const idleLimit = new Date(found.session.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000);
    if (found.session.expiresAt <= now || idleLimit <= now) {
      await deleteStaffSession(this.db, idHash);
      return undefined;
    }
    if (now.getTime() - found.session.lastSeenAt.getTime() >= touchEveryMs) await touchStaffSession(this.db, idHash, now);
    return { user: publicUser(found.user), session: found.session };
  }

  /** Every staff account's id, username and role (GET /auth/staff). */
  async directory(): Promise<StaffDirectory> {
    return { users: (await listStaffUsers(this.db)).map((user) => ({ id: user.id, username: user.username, role: user.role })) };
  }

  csrfMatches(active: ActiveSession, token: string | undefined): boolean {
    return typeof token === 'string' && token.length > 0 && token.length <= 200 && secretMatches(token, active.session.csrfHash);
  }

  async signOut(sessionId: string | undefined): Promise<void> {
    if (sessionId && sessionId.length <= 200) await deleteStaffSession(this.db, hashSecret(sessionId));
  }

  /** The account demo mode signs in as: created on first use, with no password (so no password sign-in). */
  async ensureDemoUser(username: string, role: StaffRole = 'marketing'): Promise<StaffUser> {
    const existing = await findStaffUserByUsername(this.db, username);
    if (existing) return publicUser(existing);
    const now = this.clock.now();
    const created = await insertStaffUser(this.db, { id: newId('usr'), username, role, passwordHash: null, createdAt: now, updatedAt: now }).catch(async (error: unknown) => {
      // Two processes starting at once: the other one created it.
      const raced = await findStaffUserByUsername(this.db, username);
      if (raced) return raced;
      throw error;
    });
    return publicUser(created);
  }
}

function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
