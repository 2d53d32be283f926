import { eventCustomers, orderAmount, spendCards, tierMembers } from './fixture';

export interface Operation {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Called per request, so bodies can be unique. */
  body?: () => string;
  /** Called per request, to spread requests over several resources; `path` names the first. */
  pathFor?: () => string;
  /**
   * Headers only Prism's request carries: openapi-loyalty-rest asks Create Order for the key pair
   * and an OAuth token together (one security requirement), where our service takes the key pair
   * alone (a token beside it costs a lookup of its own; Prism checks only that it is there).
   */
  prismHeaders?: Record<string, string>;
  /** Requests sent before it is measured, for one-time work (a tiered member's first event makes their tier row). */
  warmUp?: number;
  /** The published contract Prism mocks for it: openapi-subset, openapi-spend or openapi-loyalty-rest (orders). */
  contract: 'subset' | 'spend' | 'orders';
}

export interface BenchIds {
  campaignId: string;
  earningRuleId: string;
  accessToken: string;
  rewardId: string;
}

/** Round-robin over the members' cards of one spending program. */
function overCards(prefix: string, path: (code: string) => string): () => string {
  const codes = spendCards(prefix);
  let n = 0;
  return () => path(codes[n++ % codes.length]);
}

/** The nine operations, the same requests for our service and for Prism. */
export function operations(ids: BenchIds, run: string): Operation[] {
  let enrolled = 0;
  let events = 0;
  let orders = 0;
  let tierEvents = 0;
  const redemptionPath = (code: string) => `/v1/loyalties/members/${code}/redemption`;
  const balancePath = (code: string) => `/v1/loyalties/members/${code}/balance`;
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: 'Add Member',
      method: 'POST',
      path: `/v1/loyalties/${ids.campaignId}/members`,
      headers: json,
      body: () => JSON.stringify({ customer: { source_id: `bench-${run}-${enrolled++}`, name: 'Bench Customer' } }),
      contract: 'subset',
    },
    {
      name: 'Track event',
      method: 'POST',
      path: '/v1/events',
      headers: json,
      body: () => JSON.stringify({ event: 'bench_visit', customer: { source_id: `bench-member-${events++ % eventCustomers}` }, metadata: { amount: 12 } }),
      contract: 'subset',
    },
    {
      // The same event and points on a program with loyalty tiers (issue 28): compared with Track event in the same run.
      name: 'Track event (tiers)',
      method: 'POST',
      path: '/v1/events',
      headers: json,
      body: () => JSON.stringify({ event: 'bench_tier_visit', customer: { source_id: tierMembers(tierEvents++ % eventCustomers) }, metadata: { amount: 12 } }),
      warmUp: eventCustomers,
      contract: 'subset',
    },
    { name: 'List locations', method: 'GET', path: '/v1/locations?limit=20', contract: 'subset' },
    { name: 'Get earning rule', method: 'GET', path: `/v2/loyalties/earning-rules/${ids.earningRuleId}`, contract: 'subset' },
    {
      name: 'Introspect',
      method: 'POST',
      path: '/v1/oauth/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: () => `access_token=${ids.accessToken}`,
      contract: 'subset',
    },
    {
      name: 'Redeem reward',
      method: 'POST',
      path: redemptionPath('SP-0'),
      pathFor: overCards('SP', redemptionPath),
      headers: json,
      body: () => JSON.stringify({ reward: { id: ids.rewardId } }),
      contract: 'spend',
    },
    {
      name: 'Adjust balance',
      method: 'POST',
      path: balancePath('AD-0'),
      pathFor: overCards('AD', balancePath),
      headers: json,
      body: () => JSON.stringify({ points: 5, reason: 'bench correction' }),
      contract: 'spend',
    },
    {
      // A new paid order each request (a new source_id: the upsert looks it up and finds none) for a
      // member who holds an Order Club card, which the one order-paid rule earns on.
      name: 'Create order (paid, one matching rule)',
      method: 'POST',
      path: '/v1/orders',
      headers: json,
      body: () => {
        const n = orders++;
        return JSON.stringify({ source_id: `bench-order-${run}-${n}`, customer: { source_id: `bench-member-${n % eventCustomers}` }, status: 'PAID', amount: orderAmount });
      },
      contract: 'orders',
      prismHeaders: { authorization: `Bearer ${ids.accessToken}` },
    },
  ];
}
