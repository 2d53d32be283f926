import { describe, expect, it } from 'vitest';
import { PublishedOperationIndex } from './published-operation-index';
import type { PublishedOperation } from './published-operations';

const operation = (method: PublishedOperation['method'], path: string): PublishedOperation => ({ method, path, operationId: `${method} ${path}`, file: 'test.json' });

describe('PublishedOperationIndex', () => {
  const index = new PublishedOperationIndex([
    operation('GET', '/v1/vouchers/{code}'),
    operation('POST', '/v1/vouchers/import'),
    operation('GET', '/v1/promotions/{campaignId}/tiers'),
    operation('GET', '/v1/promotions/tiers/{promotionTierId}'),
    operation('GET', '/v1/promotions/tiers'),
  ]);
  const find = (method: string, url: string) => index.find(method, url)?.path;

  it('matches a concrete path to its template, ignoring the query and a trailing slash', () => {
    expect(find('GET', '/v1/vouchers/ABC-1')).toBe('/v1/vouchers/{code}');
    expect(find('GET', '/v1/vouchers/ABC-1/?expand=x')).toBe('/v1/vouchers/{code}');
    expect(find('POST', '/v1/vouchers/import')).toBe('/v1/vouchers/import');
  });

  it('prefers a literal segment to a parameter, from the left, as a router does', () => {
    expect(find('GET', '/v1/promotions/tiers')).toBe('/v1/promotions/tiers');
    expect(find('GET', '/v1/promotions/tiers/promo_1')).toBe('/v1/promotions/tiers/{promotionTierId}');
    expect(find('GET', '/v1/promotions/camp_1/tiers')).toBe('/v1/promotions/{campaignId}/tiers');
    // The method picks the templates: a GET of /v1/vouchers/import names a voucher coded "import".
    expect(find('GET', '/v1/vouchers/import')).toBe('/v1/vouchers/{code}');
  });

  it('finds nothing for another method, another number of segments or an empty parameter', () => {
    expect(find('PATCH', '/v1/vouchers/ABC')).toBeUndefined();
    expect(find('GET', '/v1/vouchers/ABC/more')).toBeUndefined();
    expect(find('GET', '/v1/vouchers//')).toBeUndefined();
    expect(find('GET', '/v1/promotions/camp_1/other')).toBeUndefined();
  });
});
