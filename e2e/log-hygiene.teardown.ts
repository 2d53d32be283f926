import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { demoKeys, e2eLogFile, e2eSecretsFile } from './support/stack';

/**
 * Runs after every spec of the run (the `log hygiene` teardown project): the stack's log file
 * (LOG_FILE, service and proxy) holds no key, token, password or session cookie.
 */
test('no key, token, password or session cookie in any log line of the run', () => {
  const log = readFileSync(e2eLogFile, 'utf8');
  const lines = log.split('\n').filter(Boolean);
  // The scan means something only if requests were logged, by both servers.
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.some((line) => line.includes('"reqId":"v-'))).toBe(true);
  expect(lines.some((line) => line.includes('"reqId":"p-'))).toBe(true);

  const seen = existsSync(e2eSecretsFile) ? readFileSync(e2eSecretsFile, 'utf8').split('\n').filter(Boolean) : [];
  const secrets = [demoKeys().appToken, ...seen];
  for (const secret of secrets) expect(log.includes(secret), `a secret of ${secret.length} characters is in ${e2eLogFile}`).toBe(false);

  const leaks = lines.filter(
    (line) =>
      /[?&]token=(?!\[redacted\])/i.test(line) ||
      /dashboard_(session|csrf)=/i.test(line) ||
      /x-app-token/i.test(line) ||
      /bearer [\w-]{20,}/i.test(line) ||
      /"(password|access_token|appToken)":"(?!\[redacted\])/.test(line),
  );
  expect(leaks).toEqual([]);
});
