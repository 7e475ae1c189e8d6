import type { RouteSpec } from '../http/route';
import { apiKeyRoutes } from './apiKeys';
import { authRoutes } from './auth';
import { dataRoutes } from './data';
import { docsRoutes } from './docs';
import { exportRoutes } from './exports';
import { healthRoutes } from './health';
import { metricsRoutes } from './metrics';
import { tunnelRoutes } from './tunnel';
import { webhookRoutes } from './webhooks';

/** Every endpoint of the edge, in documentation order. */
export const allRoutes: RouteSpec[] = [
  ...healthRoutes,
  ...authRoutes,
  ...apiKeyRoutes,
  ...dataRoutes,
  ...tunnelRoutes,
  ...exportRoutes,
  ...metricsRoutes,
  ...webhookRoutes,
];
allRoutes.push(...docsRoutes(allRoutes));
