import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishedOperationsModule } from '../../../scripts/published-operations';
import { contractOperations } from '../../../test/support/contract-operations';

describe('published-operations.ts', () => {
  it('holds every operation of the contract files as `npm run contract:operations` writes it (run it after the reference files change)', () => {
    const committed = readFileSync(new URL('./published-operations.ts', import.meta.url), 'utf8');
    expect(committed).toBe(publishedOperationsModule(contractOperations()));
  });
});
