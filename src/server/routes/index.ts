import type { FastifyPluginAsync } from 'fastify';
import assetRoutes from './assets/route';
import asyncActionRoutes from './async-actions/route';
import cardTransactionRoutes from './card-transactions/route';
import customerRoutes from './customers/route';
import earningRuleRoutes from './earning-rules/route';
import eventRoutes from './events/route';
import exportRoutes from './exports/route';
import locationRoutes from './locations/route';
import loyaltyProgramRoutes from './loyalty-programs/route';
import loyaltyTierRoutes from './loyalty-tiers/route';
import memberPointsRoutes from './member-points/route';
import memberSearchRoutes from './member-search/route';
import memberRewardRoutes from './member-rewards/route';
import membersRoutes from './members/route';
import oauthRoutes from './oauth/route';
import orderRoutes from './orders/route';
import pendingPointsRoutes from './pending-points/route';
import productRoutes from './products/route';
import publicationRoutes from './publications/route';
import redemptionRoutes from './redemptions/route';
import transferRoutes from './transfers/route';
import rewardAssignmentRoutes from './reward-assignments/route';
import rewardRoutes from './rewards/route';
import segmentRoutes from './segments/route';
import webhookRoutes from './webhooks/route';

/** Every route area of the service; a new area adds one line here. */
export const routeAreas: FastifyPluginAsync[] = [membersRoutes, loyaltyProgramRoutes, publicationRoutes, assetRoutes, locationRoutes, oauthRoutes, segmentRoutes, earningRuleRoutes, eventRoutes, cardTransactionRoutes, exportRoutes, memberPointsRoutes, productRoutes, rewardRoutes, rewardAssignmentRoutes, memberRewardRoutes, memberSearchRoutes, orderRoutes, pendingPointsRoutes, customerRoutes, asyncActionRoutes, loyaltyTierRoutes, webhookRoutes, redemptionRoutes, transferRoutes] as FastifyPluginAsync[];
