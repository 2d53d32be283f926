import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localFileStore } from './local-file-store';

describe('localFileStore', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'file-store-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes a file whole from text and bytes, then serves it with its size', async () => {
    const store = localFileStore(root);
    const { bytes } = await store.write('proj_1/exp_1.csv', async (sink) => {
      await sink.write('a,b\r\n');
      await sink.write('ż,1\r\n');
      await sink.write(Buffer.from('é,2\r\n'));
    });
    expect(bytes).toBe(17);
    const file = await store.open('proj_1/exp_1.csv');
    expect(file?.bytes).toBe(17);
    expect(await text(file!.stream)).toBe('a,b\r\nż,1\r\né,2\r\n');
    expect(readdirSync(join(root, '.partial'))).toEqual([]);
  });

  it('shows nothing of a file while it is being written, and keeps nothing when writing fails', async () => {
    const store = localFileStore(root);
    await expect(
      store.write('proj_1/exp_2.csv', async (sink) => {
        await sink.write('half');
        expect(await store.open('proj_1/exp_2.csv')).toBeUndefined();
        throw new Error('disk on fire');
      }),
    ).rejects.toThrow('disk on fire');
    expect(await store.open('proj_1/exp_2.csv')).toBeUndefined();
    expect(readdirSync(join(root, '.partial'))).toEqual([]);
  });

  it('replaces a previous version atomically and sweeps partial files a crash left behind', async () => {
    const store = localFileStore(root);
    await store.write('proj_1/exp_3.csv', (sink) => sink.write('old'));
    // What a writer killed mid-file leaves behind: a partial file named after the key.
    writeFileSync(join(root, '.partial', 'proj_1__exp_3.csv.deadbeef0000'), 'partial');
    expect(readFileSync(join(root, 'proj_1/exp_3.csv'), 'utf8')).toBe('old');
    await store.write('proj_1/exp_3.csv', (sink) => sink.write('new'));
    expect(readFileSync(join(root, 'proj_1/exp_3.csv'), 'utf8')).toBe('new');
    expect(readdirSync(join(root, '.partial'))).toEqual([]);
  });

  it('refuses keys that could leave the directory', async () => {
    const store = localFileStore(root);
    for (const key of ['../x.csv', '/etc/passwd', 'a/../../b.csv', 'a b.csv']) {
      await expect(store.write(key, async () => undefined)).rejects.toThrow('Invalid file key');
      await expect(store.open(key)).rejects.toThrow('Invalid file key');
    }
  });
});
