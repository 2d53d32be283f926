import type { StaffAction } from '../contract/staff-session';

/**
 * The method + path pairs the dashboard calls (paths as the upstream sees them, without `/api`).
 * Anything else is a 404 from the proxy: the browser cannot reach the rest of the API with our keys.
 */
const segment = '[^/?#]+';

/** How the browser names the proxy's own project in Management API paths: it never knows, nor picks, the project. */
export const ownProject = 'current';

/**
 * `action` is what a call does, for the staff roles (contract/staff-session): without one, GET is
 * a read (every role) and anything else a write (marketing only).
 */
export interface AllowedRoute {
  method: string;
  path: RegExp;
  action?: StaffAction;
}

export const allowedRoutes: AllowedRoute[] = [
  { method: 'GET', path: /^\/v1\/loyalties$/ },
  // API log page: the project's request log (every role reads it).
  { method: 'GET', path: /^\/_local\/requests$/ },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/members$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/members$`), action: 'enrollMembers' },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/transactions/export$`), action: 'startExports' },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/members/${segment}/transactions/export$`), action: 'startExports' },
  { method: 'GET', path: /^\/v1\/exports$/ },
  // With ?token= this is the file download; without, the export object.
  { method: 'GET', path: new RegExp(`^/v1/exports/${segment}$`) },
  { method: 'DELETE', path: new RegExp(`^/v1/exports/${segment}$`), action: 'deleteExports' },
  { method: 'GET', path: /^\/v1\/publications$/ },
  // Tokens page: issue, introspect and revoke OAuth tokens (form-encoded bodies, forwarded as-is).
  { method: 'POST', path: /^\/v1\/oauth\/token$/, action: 'issueTokens' },
  { method: 'POST', path: /^\/v1\/oauth\/introspect$/, action: 'introspectTokens' },
  { method: 'POST', path: /^\/v1\/oauth\/token\/revoke$/, action: 'revokeTokens' },
  { method: 'GET', path: new RegExp(`^/v1/assets/(qr|barcode)/${segment}$`) },
  { method: 'GET', path: /^\/v1\/locations$/ },
  { method: 'GET', path: new RegExp(`^/v1/locations/${segment}$`) },
  { method: 'POST', path: /^\/v1\/segments$/, action: 'createSegments' },
  { method: 'POST', path: /^\/v1\/segments\/preview$/, action: 'read' },
  { method: 'GET', path: /^\/v1\/segments$/ },
  { method: 'POST', path: /^\/v1\/customers\/lookup$/, action: 'read' },
  // Events page: fire a custom event for a customer.
  { method: 'POST', path: /^\/v1\/events$/, action: 'trackEvents' },
  { method: 'GET', path: new RegExp(`^/v1/segments/${segment}$`) },
  { method: 'GET', path: /^\/v1\/customers$/ },
  { method: 'GET', path: new RegExp(`^/v1/customers/${segment}$`) },
  { method: 'PUT', path: new RegExp(`^/v1/customers/${segment}$`), action: 'editCustomers' },
  // Member page (issue 34, marketing): delete a customer, or erase one permanently.
  { method: 'DELETE', path: new RegExp(`^/v1/customers/${segment}$`), action: 'deleteCustomers' },
  { method: 'POST', path: new RegExp(`^/v1/customers/${segment}/permanent-deletion$`), action: 'deleteCustomers' },
  // Earning rules and events pages: rules (v2), the custom events' metadata schemas, firing events, a card's history.
  { method: 'GET', path: /^\/v2\/loyalties\/earning-rules$/ },
  { method: 'GET', path: new RegExp(`^/v2/loyalties/earning-rules/${segment}$`) },
  // Rule builder: the v1 earning-rule API of one program; support reads, marketing authors.
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/earning-rules$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/earning-rules/${segment}$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/earning-rules$`), action: 'authorEarningRules' },
  { method: 'PUT', path: new RegExp(`^/v1/loyalties/${segment}/earning-rules/${segment}$`), action: 'authorEarningRules' },
  { method: 'DELETE', path: new RegExp(`^/v1/loyalties/${segment}/earning-rules/${segment}$`), action: 'authorEarningRules' },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/earning-rules/${segment}/(enable|disable)$`), action: 'authorEarningRules' },
  { method: 'GET', path: /^\/v1\/metadata-schemas$/ },
  { method: 'POST', path: /^\/v1\/events$/ },
  { method: 'GET', path: /^\/v1\/events$/ },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}/transactions$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/transactions$`) },
  // Member page and header search: find cards across programs (our extension), a customer's segments,
  // a card's expiring points, activity and affordable rewards; both roles adjust points and redeem.
  { method: 'GET', path: /^\/v1\/loyalties\/members$/ },
  { method: 'GET', path: new RegExp(`^/v1/customers/${segment}/segments$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/points-expiration$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}/activity$`) },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}/rewards$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/balance$`), action: 'adjustPoints' },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/redemption$`), action: 'redeemRewards' },
  // Orders (issue 27): the Events page records a paid order, the member page lists a customer's orders,
  // and both read the card's pending points; both roles activate or cancel them.
  { method: 'POST', path: /^\/v1\/orders$/, action: 'recordOrders' },
  { method: 'GET', path: /^\/v1\/orders$/ },
  { method: 'GET', path: new RegExp(`^/v1/orders/${segment}$`) },
  { method: 'GET', path: /^\/v1\/products$/ },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}/pending-points$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/members/${segment}/pending-points/${segment}/activate$`), action: 'managePendingPoints' },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/members/${segment}/pending-points/${segment}/cancel$`), action: 'managePendingPoints' },
  // Loyalty tiers (issue 28): the tiers page reads a program's tiers and reward assignments, marketing creates
  // tiers; the member page reads the member's tier progress (our extension).
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/tiers$`) },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/tiers$`), action: 'manageTiers' },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/${segment}/rewards$`) },
  { method: 'GET', path: /^\/v1\/rewards$/ },
  { method: 'GET', path: new RegExp(`^/v1/loyalties/members/${segment}/tiers/progress$`) },
  // Programs and Rewards pages (issue 30, marketing): programs created, changed and deleted; rewards created and
  // changed, and offered by a program at a points price. The member page (both roles) rolls back a reward
  // redemption, reverses a manual points change (our extension) and moves points between a customer's cards.
  { method: 'POST', path: /^\/v1\/loyalties$/, action: 'managePrograms' },
  { method: 'PUT', path: new RegExp(`^/v1/loyalties/${segment}$`), action: 'managePrograms' },
  { method: 'DELETE', path: new RegExp(`^/v1/loyalties/${segment}$`), action: 'managePrograms' },
  { method: 'POST', path: /^\/v1\/rewards$/, action: 'manageRewards' },
  { method: 'PUT', path: new RegExp(`^/v1/rewards/${segment}$`), action: 'manageRewards' },
  { method: 'GET', path: new RegExp(`^/v1/rewards/${segment}/assignments$`) },
  { method: 'POST', path: new RegExp(`^/v1/rewards/${segment}/assignments$`), action: 'manageRewards' },
  { method: 'PUT', path: new RegExp(`^/v1/rewards/${segment}/assignments/${segment}$`), action: 'manageRewards' },
  { method: 'POST', path: new RegExp(`^/v1/redemptions/${segment}/rollback$`), action: 'undoChanges' },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/members/${segment}/transactions/${segment}/reversal$`), action: 'undoChanges' },
  { method: 'POST', path: new RegExp(`^/v1/loyalties/${segment}/members/${segment}/transfers$`), action: 'transferPoints' },
  // Settings → Webhooks (issue 29): the Management API of the proxy's own project, which the browser
  // names `current` (upstream-credentials.ts fills in the project and the management key pair).
  ...managementRoutes(),
  // Settings → Webhooks: "Send a test event" fires any event type to one endpoint (/_local/, served with LOCAL_CONTROL=on).
  { method: 'POST', path: /^\/_local\/webhooks\/fire$/, action: 'manageWebhooks' },
];

function managementRoutes(): AllowedRoute[] {
  const webhooks = `^/management/v1/projects/${ownProject}/webhooks`;
  const one = `${webhooks}/${segment}`;
  const routes: [string, string][] = [
    ['GET', `${webhooks}$`],
    ['POST', `${webhooks}$`],
    ['GET', `${one}$`],
    ['PUT', `${one}$`],
    ['DELETE', `${one}$`],
    ['POST', `${one}/secret$`],
    ['POST', `${one}/test$`],
    ['GET', `${one}/sendouts$`],
    ['POST', `${one}/sendouts/${segment}/send$`],
  ];
  return routes.map(([method, path]) => ({ method, path: new RegExp(path), action: 'manageWebhooks' }));
}

export function isAllowed(method: string, path: string): boolean {
  return actionFor(method, path) !== undefined;
}

/** The action a dashboard call performs, or undefined when the dashboard may not make it at all. */
export function actionFor(method: string, path: string): StaffAction | undefined {
  const matches = allowedRoutes.filter((route) => route.method === method && route.path.test(path));
  if (matches.length === 0) return undefined;
  return matches.find((route) => route.action)?.action ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
}
