import { describe, expect, it } from 'vitest';
import { oauthClientId } from './oauth-client-id';

describe('oauthClientId', () => {
  it('is 21 base62 characters, stable per key and different between keys', () => {
    const a = oauthClientId('7727fd3c-1bf9-4aa7-8380-9718926e6af0');
    expect(a).toMatch(/^[0-9A-Za-z]{21}$/);
    expect(oauthClientId('7727fd3c-1bf9-4aa7-8380-9718926e6af0')).toBe(a);
    expect(oauthClientId('7727fd3c-1bf9-4aa7-8380-9718926e6af1')).not.toBe(a);
  });

  it('does not contain the key id', () => {
    expect(oauthClientId('abc')).not.toContain('abc');
  });
});
