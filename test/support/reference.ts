import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `shared/reference` beside the checkout: `../shared` from the main clone (and CI's), two levels up
 * from a worktree under `wt/`. Found by walking up from this file, so both layouts work.
 */
export function referenceDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', 'reference');
    if (existsSync(join(candidate, 'openapi-subset.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('shared/reference not found above the checkout');
    dir = parent;
  }
}

/** The published contract files (OpenAPI), by file name. */
export const referenceDocumentNames = ['openapi-subset.json', 'openapi-supporting.json', 'openapi-spend.json', 'openapi-loyalty-rest.json', 'openapi-customers-catalog.json'] as const;

/**
 * Every published contract file that holds operations: the files above and the promotion half
 * (`promotion/*.json`, shared/reference/promotion/README.md), as `promotion/vouchers.json`.
 */
export function contractDocumentNames(): string[] {
  const promotion = readdirSync(join(referenceDir(), 'promotion'))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `promotion/${name}`);
  return [...referenceDocumentNames, ...promotion].filter((name) => readReference<{ paths?: object }>(name).paths !== undefined);
}

export function readReference<T = any>(name: string): T {
  return JSON.parse(readFileSync(join(referenceDir(), name), 'utf8')) as T;
}
