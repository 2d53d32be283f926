import type { FastifyPluginAsync } from 'fastify';
import assetRoutes from './assets/route';
import locationRoutes from './locations/route';
import loyaltyProgramRoutes from './loyalty-programs/route';
import membersRoutes from './members/route';
import oauthRoutes from './oauth/route';
import publicationRoutes from './publications/route';

/** Every route area of the service; a new area adds one line here. */
export const routeAreas: FastifyPluginAsync[] = [membersRoutes, loyaltyProgramRoutes, publicationRoutes, assetRoutes, locationRoutes, oauthRoutes] as FastifyPluginAsync[];
