import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../test/support/databases';
import { baseFixture } from '../../test/support/fixtures';
import type { Database } from '../platform/db/client';
import { ManualClock } from '../platform/clock';
import { loadFixture } from '../server/seed/load-fixture';
import type { KeyContext } from '../server/services/api-keys';
import { keysProgram } from './keys-program';

describe.each(testDatabases())('npm run keys (%s)', (kind) => {
  let database: Database;
  let ctx: KeyContext;
  let projectId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = { db: database.db, clock: new ManualClock() };
    projectId = (await loadFixture(database, baseFixture())).projectId;
  });
  afterAll(() => database.close());

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    await keysProgram(ctx, (line) => lines.push(line)).parseAsync(args, { from: 'user' });
    return lines.join('\n');
  };

  it('drives every operation', async () => {
    const created = await run('create', '--project', projectId, '--name', 'Kiosk', '--allow-ips', '198.51.100.0/24');
    const id = /X-App-Id: +(\S+)/.exec(created)?.[1] as string;
    expect(created).toMatch(/X-App-Token: +\S{43} +\(shown once/);
    expect(await run('list', '--project', projectId)).toContain(`${id}  ACTIVE   project ${projectId}  "Kiosk"  IPs: 198.51.100.0/24`);
    expect(await run('block', id)).toContain('BLOCKED');
    expect(await run('unblock', id)).toContain('ACTIVE');
    expect(await run('regenerate', id)).toMatch(/X-App-Token: +\S{43}/);
    expect(await run('allow-ips', id, '--clear')).toContain('IPs: any address');
    expect(await run('allow-ips', id, '10.1.0.0/16', '10.2.0.0/16')).toContain('IPs: 10.1.0.0/16,10.2.0.0/16');
    await expect(run('allow-ips', id)).rejects.toThrow('Give at least one address or CIDR block, or --clear');
    expect(await run('delete', id)).toContain('DELETED');
  });

  it('creates, lists, regenerates and deletes management key pairs, stored only as a hash', async () => {
    const created = await run('create-management', '--project', projectId, '--name', 'Webhooks');
    const id = /X-Management-Id: +(\S+)/.exec(created)?.[1] as string;
    const secret = /X-Management-Token: +(\S{43}) +\(shown once/.exec(created)?.[1] as string;
    expect(secret).toBeDefined();
    expect(await run('list-management', '--project', projectId)).toContain(`${id}  ACTIVE   project ${projectId}  "Webhooks"  (management)`);
    const stored = JSON.stringify(await database.execute('SELECT * FROM management_keys'));
    expect(stored).not.toContain(secret);
    expect(await run('regenerate-management', id)).toMatch(/X-Management-Token: +\S{43}/);
    expect(await run('delete-management', id)).toContain('DELETED');
    await expect(run('regenerate-management', id)).rejects.toThrow(`Management key ${id} is deleted`);
    await expect(run('create-management', '--project', 'proj_nope', '--name', 'x')).rejects.toThrow('No project with id proj_nope');
  });

  it('refuses a usage error without touching the database', async () => {
    await expect(run('create', '--name', 'x')).rejects.toThrow(/required option '--project <id>'/);
    await expect(run('block')).rejects.toThrow(/missing required argument 'keyId'/);
  });
});
