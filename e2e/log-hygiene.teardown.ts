import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { demoKeys, e2eLogFile, e2eProxyPort, e2eSecretsFile, e2eServicePort } from './support/stack';

/** Query parameters a client may wrongly put a credential in; each must reach the log as `[redacted]`. */
const credentialParameters = ['app_token', 'x-app-token', 'client_secret', 'access_token', 'refresh_token', 'token', 'api_key', 'password', 'secret', 'app%5Ftoken'];

/**
 * Sends every credential parameter in the query string to the service and to the proxy (its own
 * routes, the SPA fallback, and calls it forwards), and returns the secrets sent.
 */
async function probeQueryStringCredentials(): Promise<string[]> {
  const service = `http://127.0.0.1:${e2eServicePort}`;
  const proxy = `http://localhost:${e2eProxyPort}`;
  const keys = demoKeys();
  const keyHeaders = { 'X-App-Id': keys.appId, 'X-App-Token': keys.appToken };
  // The e2e stack runs in demo mode: asking for the session signs the caller in.
  const session = await fetch(`${proxy}/auth/session`);
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const secrets: string[] = [];
  for (const name of credentialParameters) {
    const secret = `probe${randomBytes(12).toString('hex')}`;
    secrets.push(secret);
    const query = `limit=1&${name}=${secret}`;
    const answers = await Promise.all([
      fetch(`${service}/v1/locations?${query}`, { headers: keyHeaders }),
      fetch(`${service}/v1/no-such-path?${query}`, { headers: keyHeaders }),
      fetch(`${service}/v1/locations?${query}`),
      fetch(`${proxy}/api/v1/locations?${query}`, { headers: { cookie } }),
      fetch(`${proxy}/api/v1/locations?${query}`),
      fetch(`${proxy}/locations?${query}`),
      fetch(`${proxy}/auth/session?${query}`, { headers: { cookie } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 401, 200, 401, 200, 200]);
  }
  // The log is written asynchronously: a last call through the proxy marks the end of the probes.
  const marker = `probe-end-${randomBytes(6).toString('hex')}`;
  expect((await fetch(`${proxy}/api/v1/locations?limit=1&marker=${marker}`, { headers: { cookie } })).status).toBe(200);
  await expect.poll(() => readFileSync(e2eLogFile, 'utf8').split(marker).length - 1, { timeout: 10_000 }).toBe(2);
  return secrets;
}

/**
 * Runs after every spec of the run (the `log hygiene` teardown project): the stack's log file
 * (LOG_FILE, service and proxy) holds no key, token, password or session cookie, including the
 * credentials this test itself sends in query strings.
 */
test('no key, token, password or session cookie in any log line of the run', async () => {
  const probed = await probeQueryStringCredentials();
  const log = readFileSync(e2eLogFile, 'utf8');
  const lines = log.split('\n').filter(Boolean);
  // The scan means something only if requests were logged, by both servers.
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.some((line) => line.includes('"reqId":"v-'))).toBe(true);
  expect(lines.some((line) => line.includes('"reqId":"p-'))).toBe(true);

  const seen = existsSync(e2eSecretsFile) ? readFileSync(e2eSecretsFile, 'utf8').split('\n').filter(Boolean) : [];
  const secrets = [demoKeys().appToken, demoKeys().managementToken ?? '', ...seen, ...probed].filter(Boolean);
  for (const secret of secrets) expect(log.includes(secret), `a secret of ${secret.length} characters is in ${e2eLogFile}`).toBe(false);

  const leaks = lines.filter(
    (line) =>
      /[?&;][^"=&;\s]*(token|secret|password)[^"=&;\s]*=(?!\[redacted\])/i.test(line) ||
      /dashboard_(session|csrf)=/i.test(line) ||
      /x-app-token(?!=\[redacted\])/i.test(line) ||
      /bearer [\w-]{20,}/i.test(line) ||
      /"(password|access_token|appToken)":"(?!\[redacted\])/.test(line),
  );
  expect(leaks).toEqual([]);
});
