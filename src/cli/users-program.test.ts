import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../test/support/databases';
import { testPasswordCost } from '../../test/support/proxy';
import { StaffAuth } from '../proxy/auth/staff-auth';
import type { Database } from '../platform/db/client';
import { ManualClock } from '../platform/clock';
import { usersProgram } from './users-program';

describe.each(testDatabases())('npm run users (%s)', (kind) => {
  let database: Database;
  const clock = new ManualClock();
  let answers: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const ctx = { db: database.db, clock, cost: testPasswordCost, readPassword: async () => answers.shift() ?? '' };
    await usersProgram(ctx, (line) => lines.push(line)).parseAsync(args, { from: 'user' });
    return lines.join('\n');
  };
  const signIn = (username: string, password: string) => new StaffAuth(database.db, clock).signIn(username, password);

  it('creates, lists, changes the role of, resets and deletes staff users', async () => {
    expect(await run('list')).toContain('No staff users');
    answers = ['a long enough password', 'a long enough password'];
    expect(await run('create', 'Maria', '--role', 'marketing')).toMatch(/^Created maria +marketing +active$/);
    expect((await signIn('maria', 'a long enough password')).ok).toBe(true);

    const generated = await run('create', 'sam', '--role', 'support', '--generate-password');
    const password = /Password: (\S+)/.exec(generated)?.[1] as string;
    expect(password).toHaveLength(20);
    expect((await signIn('sam', password)).ok).toBe(true);

    expect(await run('list')).toMatch(/maria +marketing +active\nsam +support +active/);
    expect(await run('set-role', 'sam', 'marketing')).toMatch(/sam +marketing/);

    answers = ['another long password', 'another long password'];
    await run('reset-password', 'maria');
    expect((await signIn('maria', 'a long enough password')).ok).toBe(false);
    expect((await signIn('maria', 'another long password')).ok).toBe(true);

    expect(await run('delete', 'sam')).toBe('Deleted sam');
    expect(await run('list')).not.toContain('sam');
  });

  it('refuses short or mismatched passwords, unknown roles, duplicates and unknown users', async () => {
    answers = ['short', 'short'];
    await expect(run('create', 'tiny', '--role', 'support')).rejects.toThrow('password: Use at least 12 characters');
    answers = ['a long enough password', 'a different password!'];
    await expect(run('create', 'typo', '--role', 'support')).rejects.toThrow('The two passwords differ');
    await expect(run('create', 'boss', '--role', 'admin', '--generate-password')).rejects.toThrow(/role/);
    await expect(run('create', 'maria', '--role', 'support', '--generate-password')).rejects.toThrow("A staff user 'maria' already exists");
    await expect(run('set-role', 'ghost', 'support')).rejects.toThrow("No staff user 'ghost'");
    await expect(run('create', 'bad name', '--role', 'support', '--generate-password')).rejects.toThrow(/username/);
  });

  it('reset-password lifts a lock-out', async () => {
    const auth = new StaffAuth(database.db, clock, { maxFailures: 2, lockMinutes: 15, idleMinutes: 60, maxHours: 1 });
    await run('create', 'locked', '--role', 'support', '--generate-password');
    await auth.signIn('locked', 'x');
    await auth.signIn('locked', 'y');
    expect(await run('list')).toMatch(/locked +support +locked until/);
    const reset = await run('reset-password', 'locked', '--generate-password');
    expect((await auth.signIn('locked', /Password: (\S+)/.exec(reset)?.[1] as string)).ok).toBe(true);
  });
});
