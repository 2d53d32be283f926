import { cardTransactionSchema, type CardTransaction } from '../../../contract/card-transaction';
import type { MemberActivity } from '../../../contract/member-activity';

/**
 * The card transaction an activity tells of (earned, added, removed, spent, expired), so the activity
 * reads in the same words, amount, author and reason as the transaction history; undefined for an
 * activity without one (the card given to its holder, a tier change).
 */
export function activityTransaction(activity: Pick<MemberActivity, 'data'>): CardTransaction | undefined {
  const parsed = cardTransactionSchema.safeParse(activity.data.data.transaction);
  return parsed.success ? parsed.data : undefined;
}
