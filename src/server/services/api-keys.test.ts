import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import { baseFixture } from '../../../test/support/fixtures';
import type { Database } from '../../platform/db/client';
import { findApiKey } from '../db/repositories/api-keys';
import { findTokenByHash, insertTokens } from '../db/repositories/oauth-tokens';
import { ManualClock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import { hashSecret, newSecret, secretMatches } from '../../platform/secrets';
import { loadFixture } from '../seed/load-fixture';
import {
  blockApiKey,
  createApiKey,
  deleteApiKey,
  KeyManagementError,
  listApiKeys,
  regenerateApiKey,
  setApiKeyIpAllowlist,
  unblockApiKey,
  type KeyContext,
} from './api-keys';

describe.each(testDatabases())('API key management (%s)', (kind) => {
  let database: Database;
  let ctx: KeyContext;
  let projectId: string;
  const clock = new ManualClock(new Date('2026-11-21T09:00:00.000Z'));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = { db: database.db, clock };
    projectId = (await loadFixture(database, baseFixture(), clock.now())).projectId;
  });
  afterAll(() => database.close());

  /** A live token row of `keyId`, returning its hash. */
  const tokenOf = async (keyId: string) => {
    const tokenHash = hashSecret(newSecret());
    const now = clock.now();
    await insertTokens(database.db, [{ id: newId('oat'), projectId, apiKeyId: keyId, tokenHash, scope: 'api', createdAt: now, expiresAt: new Date(now.getTime() + 900_000) }]);
    return tokenHash;
  };

  it('creates a key whose secret is returned once and stored only as a hash', async () => {
    const { key, secret } = await createApiKey(ctx, projectId, '  Till 4 ', ['203.0.113.0/24']);
    expect(key).toMatchObject({ projectId, name: 'Till 4', status: 'ACTIVE', ipAllowlist: ['203.0.113.0/24'] });
    expect(key.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(key).not.toHaveProperty('secretHash');
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    const row = await findApiKey(database.db, key.id);
    expect(row?.secretHash).not.toContain(secret);
    expect(secretMatches(secret, row?.secretHash ?? '')).toBe(true);
  });

  it('refuses unknown projects, empty names and bad addresses', async () => {
    await expect(createApiKey(ctx, 'proj_nope', 'x')).rejects.toThrow(new KeyManagementError('No project with id proj_nope'));
    await expect(createApiKey(ctx, projectId, '  ')).rejects.toThrow('A key needs a name');
    await expect(createApiKey(ctx, projectId, 'x', ['10.0.0.0/33'])).rejects.toThrow('Not an IP address or CIDR block: 10.0.0.0/33');
  });

  it('lists keys without their secrets, per project or all', async () => {
    const other = await loadFixture(database, baseFixture({ project: { name: 'Other' } }), clock.now());
    const mine = await listApiKeys(ctx, projectId);
    expect(mine.every((k) => k.projectId === projectId)).toBe(true);
    expect(mine.some((k) => 'secretHash' in k)).toBe(false);
    const all = await listApiKeys(ctx);
    expect(all.map((k) => k.projectId)).toContain(other.projectId);
    expect(all.length).toBe(mine.length + 1);
  });

  it('blocks a key, revoking its live tokens but no one else’s; unblocking restores the key only', async () => {
    const { key } = await createApiKey(ctx, projectId, 'to block');
    const { key: bystander } = await createApiKey(ctx, projectId, 'bystander');
    const mine = await tokenOf(key.id);
    const theirs = await tokenOf(bystander.id);
    clock.advance(1000);
    expect(await blockApiKey(ctx, key.id)).toMatchObject({ status: 'BLOCKED', updatedAt: clock.now() });
    expect((await findTokenByHash(database.db, mine))?.token.revokedAt).toEqual(clock.now());
    expect((await findTokenByHash(database.db, theirs))?.token.revokedAt).toBeNull();
    expect(await unblockApiKey(ctx, key.id)).toMatchObject({ status: 'ACTIVE' });
    expect((await findTokenByHash(database.db, mine))?.token.revokedAt).not.toBeNull();
  });

  it('deletes a key for good: nothing can be done with it afterwards', async () => {
    const { key } = await createApiKey(ctx, projectId, 'to delete');
    const token = await tokenOf(key.id);
    expect(await deleteApiKey(ctx, key.id)).toMatchObject({ status: 'DELETED' });
    expect((await findTokenByHash(database.db, token))?.token.revokedAt).not.toBeNull();
    await expect(unblockApiKey(ctx, key.id)).rejects.toThrow('is deleted and cannot be unblocked');
    await expect(blockApiKey(ctx, key.id)).rejects.toThrow('cannot be blocked');
    await expect(regenerateApiKey(ctx, key.id)).rejects.toThrow('cannot be regenerated');
    await expect(setApiKeyIpAllowlist(ctx, key.id, [])).rejects.toThrow('cannot be changed');
  });

  it('regenerates the secret of the same key id and leaves its tokens alone', async () => {
    const { key, secret: before } = await createApiKey(ctx, projectId, 'to regenerate');
    const token = await tokenOf(key.id);
    const { key: after, secret } = await regenerateApiKey(ctx, key.id);
    expect(after.id).toBe(key.id);
    expect(secret).not.toBe(before);
    const row = await findApiKey(database.db, key.id);
    expect(secretMatches(secret, row?.secretHash ?? '')).toBe(true);
    expect(secretMatches(before, row?.secretHash ?? '')).toBe(false);
    expect((await findTokenByHash(database.db, token))?.token.revokedAt).toBeNull();
  });

  it('sets and clears the IP allowlist, validating every entry', async () => {
    const { key } = await createApiKey(ctx, projectId, 'ips');
    expect((await setApiKeyIpAllowlist(ctx, key.id, ['192.0.2.7', '2001:db8::/32'])).ipAllowlist).toEqual(['192.0.2.7', '2001:db8::/32']);
    await expect(setApiKeyIpAllowlist(ctx, key.id, ['192.0.2.7', 'example.com'])).rejects.toThrow('Not an IP address or CIDR block: example.com');
    expect((await findApiKey(database.db, key.id))?.ipAllowlist).toEqual(['192.0.2.7', '2001:db8::/32']);
    expect((await setApiKeyIpAllowlist(ctx, key.id, [])).ipAllowlist).toEqual([]);
  });

  it('names a missing key', async () => {
    await expect(blockApiKey(ctx, 'nope')).rejects.toThrow('No API key with id nope');
  });
});
