import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, apiRequest, apiUrl } from './api-client';

function respond(status: number, body: string, contentType = 'application/json') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } })));
}

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('prefixes /api and leaves out empty query values', () => {
    expect(apiUrl('/v1/loyalties', { limit: 100, page: undefined, order: null })).toBe('/api/v1/loyalties?limit=100');
    expect(apiUrl('v1/x', { ids: ['a', 'b'] })).toBe('/api/v1/x?ids=a&ids=b');
  });
});

describe('apiRequest', () => {
  const schema = z.object({ ok: z.literal(true) });

  it('returns the body parsed by the schema', async () => {
    respond(200, '{"ok":true}');
    await expect(apiRequest('/v1/x', schema)).resolves.toEqual({ ok: true });
  });

  it('posts a form body form-encoded, and accepts an empty 204 answer', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/v1/oauth/token/revoke', z.undefined(), { form: { access_token: 'a b&c' } })).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/oauth/token/revoke', expect.objectContaining({ method: 'POST', body: 'access_token=a+b%26c' }));
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' });
  });

  it("throws the API's error object", async () => {
    const body = { code: 400, key: 'duplicate_source_id', message: 'Duplicate source_id', details: "Publication with source_id: 'a' already exists", request_id: 'r1' };
    respond(400, JSON.stringify(body));
    const error = await failure(apiRequest('/v1/x', schema, { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.error).toEqual(body);
    expect(error.key).toBe('duplicate_source_id');
  });

  it('describes a non-JSON failure with its status and text', async () => {
    respond(502, 'Bad Gateway', 'text/plain');
    const error = await failure(apiRequest('/v1/x', schema));
    expect(error.error).toMatchObject({ code: 502, key: 'http_error', details: 'Bad Gateway' });
  });

  it('describes a body of the wrong shape', async () => {
    respond(200, '{"ok":"yes"}');
    const error = await failure(apiRequest('/v1/x', schema));
    expect(error.error.key).toBe('unexpected_response');
    expect(error.error.details).toContain('ok');
  });

  it('describes an unreachable server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(apiRequest('/v1/x', schema));
    expect(error.error).toMatchObject({ key: 'network_error', message: 'The dashboard server did not answer' });
    expect(error.error.details).toContain('Failed to fetch');
  });
});
