import type { ErrorObject } from '../contract/error';
import { ownProject } from './allowlist';
import type { ProxyConfig } from './config';

const ownManagementPrefix = `/management/v1/projects/${ownProject}/`;

export type UpstreamCall = { path: string; headers: Record<string, string> } | { refused: Omit<ErrorObject, 'request_id'> };

/**
 * The credential an allowed dashboard call goes upstream with, and the path it goes to: the API key
 * pair for the API, the management key pair for the Management API (Settings → Webhooks), with the
 * proxy's own project put in place of `current`. Neither key is ever sent to the browser, and the
 * browser cannot name another project: the allowlist takes `current` only.
 */
export function upstreamCall(config: ProxyConfig, path: string): UpstreamCall {
  if (path.startsWith(ownManagementPrefix)) {
    const management = config.management;
    if (!management) {
      return { refused: { code: 502, key: 'proxy_not_configured', message: 'Bad Gateway', details: 'The proxy has no management key: set PROXY_MANAGEMENT_ID, PROXY_MANAGEMENT_TOKEN and PROXY_PROJECT_ID' } };
    }
    return {
      path: `/management/v1/projects/${encodeURIComponent(management.projectId)}/${path.slice(ownManagementPrefix.length)}`,
      headers: { 'x-management-id': management.id, 'x-management-token': management.token },
    };
  }
  if (!config.appId || !config.appToken) {
    return { refused: { code: 502, key: 'proxy_not_configured', message: 'Bad Gateway', details: 'The proxy has no API keys: set PROXY_APP_ID and PROXY_APP_TOKEN' } };
  }
  return { path, headers: { 'x-app-id': config.appId, 'x-app-token': config.appToken } };
}
