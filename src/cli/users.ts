/**
 * `npm run users -- <command>`: dashboard staff accounts (create, list, set-role, reset-password,
 * delete) on the configured database (DATABASE_URL, else PGlite under DATA_DIR). PGlite is
 * single-process: stop `npm start` before running this against the embedded database.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { CommanderError } from 'commander';
import { openConfiguredDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { systemClock } from '../platform/clock';
import { StaffAccountError } from '../proxy/auth/staff-accounts';
import { usersProgram } from './users-program';

/** Piped input: the lines of stdin, in order (so `printf 'pw\npw\n' | npm run users -- create …` works). */
let pipedLines: Promise<string[]> | undefined;
function pipedLine(index: number): Promise<string> {
  pipedLines ??= new Promise((resolve) => {
    const lines: string[] = [];
    createInterface({ input: process.stdin }).on('line', (line) => lines.push(line)).on('close', () => resolve(lines));
  });
  return pipedLines.then((lines) => lines[index] ?? '');
}

let asked = 0;
/** On a terminal the typed characters are not echoed. */
function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return pipedLine(asked++);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  process.stdout.write(prompt);
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function main(): Promise<void> {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await usersProgram({ db: database.db, clock: systemClock, readPassword }, (line) => console.log(line.replace(/\n$/, ''))).parseAsync(process.argv);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  console.error(error instanceof StaffAccountError || error instanceof Error ? error.message : error);
  process.exit(1);
});
