import { randomBytes } from 'node:crypto';
import { Command } from 'commander';
import type { Db } from '../platform/db/client';
import type { Clock } from '../platform/clock';
import type { ScryptCost } from '../proxy/auth/password-hash';
import {
  createStaffAccount,
  deleteStaffAccount,
  listStaffAccounts,
  resetStaffPassword,
  setStaffRole,
  StaffAccountError,
  type StaffAccountView,
} from '../proxy/auth/staff-accounts';

export interface UsersContext {
  db: Db;
  clock: Clock;
  /** Asks for a password (hidden on a terminal, else a line of stdin); never a command-line argument, which shells and `ps` keep. */
  readPassword(prompt: string): Promise<string>;
  cost?: ScryptCost;
}

function describe(user: StaffAccountView): string {
  const state = user.locked_until ? `locked until ${user.locked_until}` : user.can_sign_in ? 'active' : 'no password (demo)';
  return `${user.username.padEnd(24)} ${user.role.padEnd(9)} ${state}`;
}

/** A readable random password for --generate-password: 20 base64url characters, 120 bits. */
function generatedPassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * The `npm run users` commands: dashboard staff accounts (sign-in on the proxy). Built per run so
 * tests drive it with their own database, clock, input and output; users.ts wires the real ones.
 */
export function usersProgram(ctx: UsersContext, print: (line: string) => void): Command {
  const program = new Command('users').description('Manage the staff accounts that sign in to the dashboard').exitOverride();
  program.configureOutput({ writeOut: print, writeErr: print });

  const newPassword = async (generate: boolean | undefined): Promise<string> => {
    if (generate) return generatedPassword();
    const password = await ctx.readPassword('Password (12+ characters): ');
    const again = await ctx.readPassword('Repeat it: ');
    if (password !== again) throw new StaffAccountError('The two passwords differ');
    return password;
  };

  program
    .command('create')
    .description('Create a staff user: role marketing (everything) or support (read, introspect tokens, fire events, start exports)')
    .argument('<username>')
    .requiredOption('--role <role>', 'marketing | support')
    .option('--generate-password', 'make a random password and print it once, instead of asking')
    .action(async (username: string, options: { role: string; generatePassword?: boolean }) => {
      const password = await newPassword(options.generatePassword);
      const user = await createStaffAccount(ctx.db, ctx.clock, { username, role: options.role, password }, ctx.cost);
      print(`Created ${describe(user)}`);
      if (options.generatePassword) print(`  Password: ${password}   (shown once: hand it over now)`);
    });

  program
    .command('list')
    .description('List staff users')
    .action(async () => {
      const users = await listStaffAccounts(ctx.db);
      if (users.length === 0) print('No staff users. Create one: npm run users -- create <username> --role marketing');
      for (const user of users) print(describe(user));
    });

  program
    .command('set-role')
    .description('Change the role of a user (their sessions end)')
    .argument('<username>')
    .argument('<role>', 'marketing | support')
    .action(async (username: string, role: string) => print(`Updated ${describe(await setStaffRole(ctx.db, ctx.clock, username, role))}`));

  program
    .command('reset-password')
    .description('Set a new password, lift a lock-out and end every session of the user')
    .argument('<username>')
    .option('--generate-password', 'make a random password and print it once, instead of asking')
    .action(async (username: string, options: { generatePassword?: boolean }) => {
      const password = await newPassword(options.generatePassword);
      print(`Reset ${describe(await resetStaffPassword(ctx.db, ctx.clock, username, password, ctx.cost))}`);
      if (options.generatePassword) print(`  Password: ${password}   (shown once: hand it over now)`);
    });

  program
    .command('delete')
    .description('Delete a user and end their sessions')
    .argument('<username>')
    .action(async (username: string) => {
      await deleteStaffAccount(ctx.db, username);
      print(`Deleted ${username}`);
    });

  return program;
}
