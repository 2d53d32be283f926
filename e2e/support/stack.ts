import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

// Overridable so two e2e runs on one machine do not collide.
export const e2eServicePort = Number(process.env.E2E_SERVICE_PORT ?? 3210);
export const e2eProxyPort = Number(process.env.E2E_PROXY_PORT ?? 3200);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'loyalty-e2e-data');
/** The stack's LOG_FILE: every log line of the service and the proxy (scanned by log-hygiene.teardown.ts). */
export const e2eLogFile = `${e2eDataDir}.log`;
/** Secrets the specs saw (issued tokens, passwords), one per line, for the log scan. */
export const e2eSecretsFile = `${e2eDataDir}.secrets`;
/**
 * Shared by the stack and the second proxy e2e/sign-in.spec.ts starts (which keeps staff users in a
 * database of its own), so both may vouch for dashboard users (X-Dashboard-User). Test-only value.
 */
export const e2eDashboardUserSecret = 'e2e-only-dashboard-user-secret-0123456789abcdef';

/** The demo key pairs the e2e stack generated on its first start (the management pair is the proxy's, for Settings → Webhooks). */
export function demoKeys(): { appId: string; appToken: string; managementToken?: string } {
  return JSON.parse(readFileSync(join(e2eDataDir, 'demo-keys.json'), 'utf8')) as { appId: string; appToken: string; managementToken?: string };
}

/** Calls the service directly (not through the proxy), for test setup and checks. */
export async function serviceCall(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const keys = demoKeys();
  const response = await fetch(`http://127.0.0.1:${e2eServicePort}${path}`, {
    method,
    headers: { 'X-App-Id': keys.appId, 'X-App-Token': keys.appToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
