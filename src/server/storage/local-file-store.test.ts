import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localFileStore } from './local-file-store';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

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

  it('removes a file, and removing it again (or one never written) is no error', async () => {
    const store = localFileStore(root);
    await store.write('proj_1/exp_4.csv', (sink) => sink.write('x'));
    await store.remove('proj_1/exp_4.csv');
    expect(await store.open('proj_1/exp_4.csv')).toBeUndefined();
    await store.remove('proj_1/exp_4.csv');
    await store.remove('proj_2/never.csv');
    // Nor in a store whose directory does not exist yet.
    await localFileStore(join(root, 'absent')).remove('proj_1/exp_4.csv');
  });

  it('lists the stored files with their times, never partial files or names it would not write', async () => {
    const store = localFileStore(root);
    expect(await collect(localFileStore(join(root, 'absent')).list())).toEqual([]);
    await store.write('proj_1/exp_5.csv', (sink) => sink.write('a'));
    await store.write('proj_2/exp_6.csv', (sink) => sink.write('b'));
    writeFileSync(join(root, '.partial', 'proj_1__exp_7.csv.cafe'), 'partial');
    writeFileSync(join(root, 'proj_1', 'not a key.csv'), '');
    mkdirSync(join(root, 'proj_3'));
    utimesSync(join(root, 'proj_2/exp_6.csv'), new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));

    const listed = (await collect(store.list())).sort((a, b) => a.key.localeCompare(b.key));
    expect(listed.map((file) => file.key)).toEqual(['proj_1/exp_5.csv', 'proj_2/exp_6.csv']);
    expect(listed[1].modifiedAt).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(Date.now() - listed[0].modifiedAt.getTime()).toBeLessThan(60_000);
  });

  it('removes partial files a crash abandoned once they are older than asked, never newer ones', async () => {
    const store = localFileStore(root);
    expect(await store.removeAbandonedWrites(new Date())).toBe(0);
    await store.write('proj_1/exp_8.csv', (sink) => sink.write('done'));
    const old = join(root, '.partial', 'proj_1__exp_9.csv.0001');
    const recent = join(root, '.partial', 'proj_1__exp_10.csv.0002');
    writeFileSync(old, 'abandoned');
    writeFileSync(recent, 'being written');
    utimesSync(old, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));

    expect(await store.removeAbandonedWrites(new Date('2026-01-01T01:00:00Z'))).toBe(1);
    expect(readdirSync(join(root, '.partial'))).toEqual(['proj_1__exp_10.csv.0002']);
    expect(readFileSync(join(root, 'proj_1/exp_8.csv'), 'utf8')).toBe('done');
  });

  it('refuses keys that could leave the directory', async () => {
    const store = localFileStore(root);
    for (const key of ['../x.csv', '/etc/passwd', 'a/../../b.csv', 'a b.csv']) {
      await expect(store.write(key, async () => undefined)).rejects.toThrow('Invalid file key');
      await expect(store.open(key)).rejects.toThrow('Invalid file key');
      await expect(store.remove(key)).rejects.toThrow('Invalid file key');
    }
  });
});
