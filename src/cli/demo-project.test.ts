import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/db/client';
import { baseFixture } from '../../test/support/fixtures';
import { ensureDemoProject } from './demo-project';

describe('npm start on an empty embedded database', () => {
  it('loads SEED_FILE instead of the demo, and keeps its key pair beside the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-file-'));
    const file = join(dir, 'fixture.json');
    writeFileSync(file, JSON.stringify(baseFixture({ project: { id: 'proj_seedfile', name: 'From SEED_FILE' } })));
    const database = await openDatabase({ memory: true });
    try {
      const keys = await ensureDemoProject(database, dir, file);
      expect(keys?.projectId).toBe('proj_seedfile');
      expect(JSON.parse(readFileSync(join(dir, 'demo-keys.json'), 'utf8')).appId).toBe(keys?.appId);
      expect(await database.execute('SELECT name FROM projects')).toEqual([{ name: 'From SEED_FILE' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
