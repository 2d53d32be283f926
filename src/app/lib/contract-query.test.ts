import { describe, expect, it } from 'vitest';
import { memberListQuerySchema } from '../../contract/loyalty-member';
import { contractQuery } from './contract-query';

// `npm run check` type-checks this file: each @ts-expect-error fails the check if the error it expects goes away.
describe('contractQuery', () => {
  it('passes a query the contract accepts through unchanged', () => {
    expect(contractQuery(memberListQuerySchema, { limit: 100, page: 2, order: '-updated_at' })).toEqual({ limit: 100, page: 2, order: '-updated_at' });
  });

  it('refuses, at type-check time, an order the service does not offer and a parameter it does not know', () => {
    // @ts-expect-error: not one of the list's orders
    const badOrder = contractQuery(memberListQuerySchema, { order: '-balance' });
    // @ts-expect-error: misspelt parameter
    const misspelt = contractQuery(memberListQuerySchema, { pgae: 2 });
    // And the service would refuse them too: the type follows the schema it validates with.
    expect(memberListQuerySchema.safeParse(badOrder).success).toBe(false);
    expect(memberListQuerySchema.strict().safeParse(misspelt).success).toBe(false);
  });
});
