import type { CardTransaction } from '../../../contract/card-transaction';
import type { StaffDirectoryEntry, StaffUser } from '../../../contract/staff-session';

/** The `source` the service records for a change made on the dashboard (the real API's own dashboard's). */
export const dashboardSource = 'voucherify-web-ui';

/** Transactions a person or a client asks for by hand; the others (earned, expired) say why on their own. */
const byHand = new Set<CardTransaction['type']>(['POINTS_ADDITION', 'POINTS_REMOVAL', 'POINTS_REDEMPTION', 'PENDING_POINTS_ACTIVATION', 'POINTS_REFUND', 'POINTS_TRANSFER_IN', 'POINTS_TRANSFER_OUT']);

/**
 * Who made a change, for the member history: "by sam (support)", "by maria (marketing, you)" for
 * the signed-in user, "via the API" for an integration, "automatically" for the hourly run. The
 * staff id in `details.event_source.user` becomes a name through the proxy's staff directory; an
 * id it does not know (an account since deleted) reads "by another dashboard user", never as an
 * id, and a dashboard change from before staff were recorded "from the dashboard". Undefined for
 * earnings and expiries, whose rule or date says enough.
 */
export function transactionAuthor(
  t: Pick<CardTransaction, 'type' | 'source' | 'details'>,
  signedIn: Pick<StaffUser, 'id'> | undefined,
  staff: ReadonlyMap<string, Pick<StaffDirectoryEntry, 'username' | 'role'>> = new Map(),
): string | undefined {
  if (!byHand.has(t.type)) return undefined;
  const userId = t.details.event_source?.channel === 'USER_PORTAL' ? t.details.event_source.user?.id : undefined;
  if (userId) {
    const person = staff.get(userId);
    if (!person) return signedIn?.id === userId ? 'by you' : 'by another dashboard user';
    return `by ${person.username} (${person.role}${signedIn?.id === userId ? ', you' : ''})`;
  }
  if (t.source === dashboardSource) return 'from the dashboard';
  if (t.source === 'API') return 'via the API';
  if (t.source === 'Automation') return 'automatically';
  return undefined;
}

/** Why a transaction happened: the reward, the earning rule or the reason given; a rollback's reward and the agent's reason. */
export function transactionReason(t: Pick<CardTransaction, 'reason' | 'details'>): string | undefined {
  if (t.details.rollback !== undefined && t.reason) return t.details.reward ? `${t.details.reward.name}: ${t.reason}` : t.reason;
  return t.details.reward?.name ?? t.details.earning_rule?.source.banner ?? t.reason ?? undefined;
}
