/** The source the real API records for changes made in its dashboard. */
export const dashboardSource = 'voucherify-web-ui';

/** The real API's EventSource (openapi-spend, openapi-loyalty-rest) of a change a dashboard user made. */
export interface StaffEventSource {
  channel: 'USER_PORTAL';
  user: { id: string };
}

/**
 * Who made a card change: `source` as the real API records it (its dashboard's, else the API's)
 * and, for a staff user (the proxy's signed X-Dashboard-User), the details that name them:
 * `details.event_source`, the real API's EventSource ({channel: 'USER_PORTAL', user: {id}}), which
 * exports and member activity carry as they are. A change through the API records no event source,
 * so its rows stay as they were.
 */
export interface CardChangeAuthor {
  source: string;
  details?: { event_source: StaffEventSource };
}

export function authorOf(dashboardUser: string | null | undefined): CardChangeAuthor {
  return dashboardUser ? { source: dashboardSource, details: { event_source: { channel: 'USER_PORTAL', user: { id: dashboardUser } } } } : { source: 'API' };
}

/** The staff user a transaction's details name, if any (rows written before issue 35 name none). */
export function staffUserOf(details: unknown): string | undefined {
  const source = (details as { event_source?: { channel?: unknown; user?: { id?: unknown } } } | null)?.event_source;
  return source?.channel === 'USER_PORTAL' && typeof source.user?.id === 'string' ? source.user.id : undefined;
}
