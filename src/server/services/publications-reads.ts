import type { Publication } from '../../contract/publication';
import type { ServiceContext } from '../context';
import { listPublications as queryPublications, type PublicationFilters, type PublicationOrder } from '../db/repositories/publications';

export async function listPublications(ctx: ServiceContext, projectId: string, filters: PublicationFilters, opts: { limit: number; page: number; order: PublicationOrder }) {
  const { rows, total } = await queryPublications(ctx.db, projectId, filters, opts);
  const publications: Publication[] = rows.map(({ publication, customer, voucher, campaignName }) => ({
    id: publication.id,
    object: 'publication',
    created_at: publication.createdAt.toISOString(),
    customer_id: publication.customerId,
    tracking_id: publication.trackingId,
    metadata: publication.metadata,
    channel: publication.channel,
    source_id: publication.sourceId,
    result: 'SUCCESS',
    customer: { id: customer.id, name: customer.name, email: customer.email, source_id: customer.sourceId, metadata: customer.metadata, object: 'customer' },
    vouchers_id: [voucher.id],
    voucher: {
      code: voucher.code,
      object: 'voucher',
      campaign: campaignName,
      loyalty_card: { points: voucher.points, balance: voucher.balance },
      is_referral_code: false,
    },
  }));
  return { object: 'list' as const, data_ref: 'publications' as const, publications, total };
}
