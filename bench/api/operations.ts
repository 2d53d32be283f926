import { eventCustomers } from './fixture';

export interface Operation {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Called per request, so bodies can be unique. */
  body?: () => string;
}

export interface BenchIds {
  campaignId: string;
  earningRuleId: string;
  accessToken: string;
}

/** The five operations, the same requests for our service and for Prism. */
export function operations(ids: BenchIds, run: string): Operation[] {
  let enrolled = 0;
  let events = 0;
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: 'Add Member',
      method: 'POST',
      path: `/v1/loyalties/${ids.campaignId}/members`,
      headers: json,
      body: () => JSON.stringify({ customer: { source_id: `bench-${run}-${enrolled++}`, name: 'Bench Customer' } }),
    },
    {
      name: 'Track event',
      method: 'POST',
      path: '/v1/events',
      headers: json,
      body: () => JSON.stringify({ event: 'bench_visit', customer: { source_id: `bench-member-${events++ % eventCustomers}` }, metadata: { amount: 12 } }),
    },
    { name: 'List locations', method: 'GET', path: '/v1/locations?limit=20' },
    { name: 'Get earning rule', method: 'GET', path: `/v2/loyalties/earning-rules/${ids.earningRuleId}` },
    {
      name: 'Introspect',
      method: 'POST',
      path: '/v1/oauth/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: () => `access_token=${ids.accessToken}`,
    },
  ];
}
