import type { FastifyPluginAsync } from 'fastify';
import assetRoutes from './assets/route';
import loyaltyProgramRoutes from './loyalty-programs/route';
import membersRoutes from './members/route';
import publicationRoutes from './publications/route';

/** Every route area of the service; a new area adds one line here. */
export const routeAreas: FastifyPluginAsync[] = [membersRoutes, loyaltyProgramRoutes, publicationRoutes, assetRoutes] as FastifyPluginAsync[];
