import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { sessionEndedEvent } from './csrf';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status = 200, body = '{}') {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the dashboard’s CSRF header and session end', () => {
  it('echoes the CSRF cookie on state-changing calls only', async () => {
    vi.stubGlobal('document', { cookie: 'other=1; dashboard_csrf=tok%2Fen; x=y' });
    const fetchMock = stubFetch();
    await apiRequest('/v1/segments', z.unknown(), { method: 'POST', body: {} });
    await apiRequest('/v1/segments/x', z.unknown());
    expect(fetchMock.mock.calls[0][1].headers).toMatchObject({ 'x-csrf-token': 'tok/en' });
    expect(fetchMock.mock.calls[1][1].headers).not.toHaveProperty('x-csrf-token');
  });

  it('announces a session that ended when the proxy answers session_required', async () => {
    const events: string[] = [];
    vi.stubGlobal('window', { dispatchEvent: (event: Event) => events.push(event.type) });
    stubFetch(401, JSON.stringify({ code: 401, key: 'session_required', message: 'Unauthorized' }));
    await expect(apiRequest('/v1/loyalties', z.unknown())).rejects.toThrow('Unauthorized');
    stubFetch(401, JSON.stringify({ code: 401, key: 'unauthorized', message: 'Unauthorized' }));
    await expect(apiRequest('/v1/loyalties', z.unknown())).rejects.toThrow('Unauthorized');
    expect(events).toEqual([sessionEndedEvent]);
  });
});
