import { describe, expect, it } from 'vitest';
import { oauthScopeNames, oauthScopes, type OAuthScope } from '../../contract/oauth';
import { parseScopeParameter, scopeAllows, scopePrefixes, scopesAllow, scopesOpening, storedScopes } from './scopes';

describe('the scope list', () => {
  it('holds the 42 values of SERVICE_SPEC §5, each explained in one line', () => {
    expect(oauthScopeNames).toHaveLength(42);
    expect(new Set(oauthScopeNames).size).toBe(42);
    for (const { description } of oauthScopes) {
      expect(description.length).toBeGreaterThan(10);
      expect(description).not.toContain('\n');
    }
  });
});

describe('scope by path prefix', () => {
  // [path as the router names it, scopes that open it (besides any others listed by scopesOpening)]
  const table: [string, OAuthScope[]][] = [
    ['/v1/loyalties', ['api', 'loyalties']],
    ['/v1/loyalties/:campaignId/members', ['api', 'loyalties']],
    ['/v1/loyalties/members/:memberId/transactions/export', ['api', 'loyalties']],
    ['/v2/loyalties/earning-rules/:id', ['api', 'loyalties']],
    ['/v1/exports', ['api', 'exports']],
    ['/v1/exports/:exportId', ['api', 'exports']],
    ['/v1/segments', ['api', 'segments']],
    ['/v1/locations/:locationId', ['api', 'locations']],
    ['/v1/events', ['api', 'events']],
    ['/v1/publications', ['api', 'publications']],
    ['/v1/customers/:customerId', ['api', 'customers']],
    ['/v1/assets/:kind/:assetId', ['api', 'assets']],
    ['/v1/validation-rules', ['api', 'validation-rules']],
    ['/v1/validation-rules-assignments', ['api', 'validation-rules-assignments']],
    ['/v1/validations', ['api', 'validations']],
    ['/v1/async-actions/:id', ['api', 'async-actions']],
    ['/v1/trash-bin', ['api', 'trash-bin']],
    ['/client/v1/validate', ['client_api', 'client_validate']],
    ['/client/v1/validations', ['client_api', 'client_validations']],
    ['/client/v1/events', ['client_api', 'client_events']],
    ['/v1/oauth/token', ['api']],
  ];

  it.each(table)('%s is opened by exactly %j', (path, scopes) => {
    expect(scopesOpening(path)).toEqual(scopes);
  });

  it('matches whole path segments, not string prefixes', () => {
    expect(scopeAllows('loyalties', '/v1/loyaltiesx')).toBe(false);
    expect(scopeAllows('validation-rules', '/v1/validation-rules-assignments/x')).toBe(false);
    expect(scopeAllows('client_validate', '/client/v1/validations')).toBe(false);
  });

  it('keeps server-side and client-side apart', () => {
    expect(scopeAllows('api', '/client/v1/events')).toBe(false);
    expect(scopeAllows('client_api', '/v1/events')).toBe(false);
    expect(scopeAllows('client_events', '/v1/events')).toBe(false);
    expect(scopeAllows('events', '/client/v1/events')).toBe(false);
  });

  it('maps every scope to its prefixes', () => {
    expect(scopePrefixes('loyalties')).toEqual(['/v1/loyalties', '/v2/loyalties']);
    expect(scopePrefixes('client_publish')).toEqual(['/client/v1/publish']);
    expect(scopePrefixes('client_api')).toEqual(['/client/v1']);
  });

  it('allows a path when any one of several scopes opens it', () => {
    expect(scopesAllow(['segments', 'loyalties'], '/v1/loyalties/:campaignId/members')).toBe(true);
    expect(scopesAllow(['segments', 'events'], '/v1/loyalties/:campaignId/members')).toBe(false);
    expect(scopesAllow([], '/v1/loyalties')).toBe(false);
  });
});

describe('the scope form field', () => {
  it.each([
    ['api', ['api']],
    ['loyalties segments', ['loyalties', 'segments']],
    [' loyalties  segments ', ['loyalties', 'segments']],
    ['loyalties loyalties api', ['loyalties', 'api']],
  ])('%j grants %j', (raw, scopes) => {
    expect(parseScopeParameter(raw)).toEqual({ kind: 'ok', scopes });
  });

  it.each([
    ['vouchers,campaigns', ['vouchers,campaigns']],
    ['api nope', ['nope']],
    ['API', ['API']],
    ['loyalties\tsegments', ['loyalties\tsegments']],
  ])('%j is invalid, naming %j', (raw, offending) => {
    expect(parseScopeParameter(raw)).toEqual({ kind: 'invalid', offending });
  });

  it.each([[undefined], [''], ['   ']])('%j is missing', (raw) => {
    expect(parseScopeParameter(raw)).toEqual({ kind: 'missing' });
  });

  it('reads stored scopes back', () => {
    expect(storedScopes('api loyalties')).toEqual(['api', 'loyalties']);
  });
});
