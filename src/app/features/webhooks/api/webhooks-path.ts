/**
 * The Management API's webhooks of the dashboard's own project: the proxy puts the project in place
 * of `current` and calls with its management key pair (src/proxy/upstream-credentials.ts).
 */
export const webhooksPath = '/management/v1/projects/current/webhooks';

export const webhookPath = (webhookId: string) => `${webhooksPath}/${encodeURIComponent(webhookId)}`;

export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  sendouts: (webhookId: string, page: number) => ['webhooks', 'sendouts', webhookId, page] as const,
};
