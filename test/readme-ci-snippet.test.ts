import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseFixture } from './support/fixtures';
import { startTestService, type TestService } from './support/service';

/** The shell commands README's "In CI" shows, exactly as written there. */
function readmeCommands(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('8. **In CI:**'));
  const match = /```sh\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('no sh block under "In CI"');
  return match[1].replace(/^ {3}/gm, '');
}

describe('README: the CI commands save, restore and read the log', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('pglite', baseFixture(), undefined, { localControl: 'on' });
  }, 120_000);
  afterAll(async () => service.close());

  it('run as written against a service: the snapshot restores the state, the log holds the refused request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-ci-'));
    writeFileSync(join(dir, 'ci.sh'), `set -e\n${readmeCommands()}`);
    const before = (await service.call('GET', '/v1/customers?limit=100')).body.customers.length;
    // A test changed the state, and one request of it went wrong.
    expect((await service.call('GET', '/v1/customers/nobody')).status).toBe(404);
    const env = { ...process.env, API: service.baseUrl, ID: service.keyHeaders['X-App-Id'], TOKEN: service.keyHeaders['X-App-Token'] };
    await promisify(execFile)('bash', ['ci.sh'], { cwd: dir, env });
    expect(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')).records.customers).toHaveLength(before);
    const log = JSON.parse(readFileSync(join(dir, 'requests.json'), 'utf8'));
    expect(log.requests.some((r: { path: string; status: number }) => r.path === '/v1/customers/nobody' && r.status === 404)).toBe(true);
  }, 60_000);
});
