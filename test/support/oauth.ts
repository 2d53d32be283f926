import type { TestService } from './service';

/** A form-encoded POST, as the OAuth operations take; `headers` replace the default key pair. */
export function formPost(service: TestService, path: string, fields: Record<string, string>, headers: Record<string, string> = service.keyHeaders) {
  return service.call('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    auth: false,
  });
}

/** Issues a token over HTTP and returns it; fails the test on anything but 200. */
export async function issueTokenOver(service: TestService, scope: string, headers: Record<string, string> = service.keyHeaders): Promise<string> {
  const res = await formPost(service, '/v1/oauth/token', { grant_type: 'client_credentials', scope }, headers);
  if (res.status !== 200) throw new Error(`token issue failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

/** A request carrying only `Authorization: Bearer <token>` (plus `headers`). */
export function withBearer(service: TestService, token: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  return service.call(method, path, { body: options.body, headers: { Authorization: `Bearer ${token}`, ...options.headers }, auth: false });
}

export const keyHeadersOf = (key: { appId: string; appToken: string }) => ({ 'X-App-Id': key.appId, 'X-App-Token': key.appToken });
