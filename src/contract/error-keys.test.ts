import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorKeyWords } from './error-keys';

/** Every .ts file under a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The error keys a source file emits: `key: 'x'`, `new ApiError(400, 'x', …)`, and `key = … ? 'x' : 'y'`. */
function emittedKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(/\bkey:\s*'([a-z_]+)'/g)) keys.push(match[1]);
  for (const match of text.matchAll(/new ApiError\(\s*\d+,\s*'([a-z_]+)'/g)) keys.push(match[1]);
  for (const match of text.matchAll(/\bkey\s*=\s*[^;\n]*\?\s*'([a-z_]+)'\s*:\s*'([a-z_]+)'/g)) keys.push(match[1], match[2]);
  return keys;
}

const root = join(import.meta.dirname, '..');

describe('the catalogue of error keys', () => {
  it('lists every key the service, the proxy and the platform emit', () => {
    const emitted = new Map<string, string>();
    for (const room of ['server', 'proxy', 'platform']) {
      for (const file of sourceFiles(join(root, room))) {
        for (const key of emittedKeys(readFileSync(file, 'utf8'))) emitted.set(key, file);
      }
    }
    // The scan must find the keys it is meant to: a broken pattern would pass with nothing found.
    expect(emitted.size).toBeGreaterThan(30);
    expect([...emitted.keys()]).toContain('voucher_cannot_be_published');
    const missing = [...emitted].filter(([key]) => !(key in errorKeyWords)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists the keys the dashboard gives failures that never reached a server', () => {
    const keys = sourceFiles(join(root, 'app', 'lib')).flatMap((file) => emittedKeys(readFileSync(file, 'utf8')));
    expect(keys.filter((key) => !(key in errorKeyWords))).toEqual([]);
  });

  it('words each key as a sentence', () => {
    for (const words of Object.values(errorKeyWords)) expect(words).toMatch(/^[A-Z].*[.:]?[.]$/);
  });
});
