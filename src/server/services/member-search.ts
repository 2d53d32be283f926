import type { MemberSearchList, MemberSearchListQuery } from '../../contract/member-search';
import type { ServiceContext } from '../context';
import { searchHeldCards } from '../db/repositories/member-search';

/** GET /v1/loyalties/members (our extension): cards across programs, by their holder or code. */
export async function searchMembers(ctx: ServiceContext, projectId: string, query: MemberSearchListQuery): Promise<MemberSearchList> {
  const { rows, total } = await searchHeldCards(ctx.db, projectId, { q: query.q, customerId: query.customer, limit: query.limit });
  return {
    object: 'list',
    data_ref: 'members',
    members: rows.map((row) => ({
      id: row.id,
      code: row.code,
      campaign_id: row.campaignId,
      campaign_name: row.campaignName,
      balance: row.balance,
      holder: { id: row.holder.id, source_id: row.holder.sourceId, name: row.holder.name, email: row.holder.email, metadata: row.holder.metadata as Record<string, unknown>, object: 'customer' },
      object: 'member_search_result',
    })),
    total,
  };
}
