import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics.ts';
import { registerAdminApi } from './admin/index.ts';
import type { AdminContext } from './admin/context.ts';
import { createBaseApp } from './base-app.ts';
import { DASHBOARD_CSP, registerDashboardStatic } from './dashboard-static.ts';
import { rejectOtherMethods } from './errors.ts';
import { registerOpenApi } from './openapi.ts';
import { HEALTH_SCHEMA } from './ops-routes.ts';
import { withErrors } from './responses.ts';

export interface DashboardAppOptions {
  log: Logger;
  https: { cert: string; key: string } | null;
  version: string;
  admin: AdminContext;
  metrics: Metrics;
  dashboardDist?: string;
}

/** The administration listener (port 3000 by default): the dashboard, its JSON admin API, OpenAPI docs. */
export async function buildDashboardApp(options: DashboardAppOptions): Promise<FastifyInstance> {
  const app = createBaseApp({
    log: options.log,
    listener: 'dashboard',
    https: options.https,
    bodyLimit: 1024 * 1024,
    metrics: options.metrics,
    contentSecurityPolicy: DASHBOARD_CSP,
  });
  await registerOpenApi(app, {
    title: 'Rampart administration API',
    version: options.version,
    description:
      'Administration of the Rampart appliance: everything the dashboard does. Sign in with POST /api/auth/login (sets an HttpOnly session cookie) and send the returned csrf_token as X-CSRF-Token on every POST, PUT, PATCH and DELETE. A freshly delivered password must be changed (POST /api/auth/password) before other routes answer.',
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: '__Host-rampart_session', description: 'Session cookie set by POST /api/auth/login or single sign-on.' },
      csrf: {
        type: 'apiKey',
        in: 'header',
        name: 'X-CSRF-Token',
        description: 'csrf_token from the sign-in response or GET /api/auth/session; required on state-changing requests.',
      },
    },
  });
  app.get(
    '/healthz',
    { schema: { summary: 'Liveness', tags: ['operations'], response: withErrors({ 200: HEALTH_SCHEMA }) } },
    async () => ({ status: 'ok' }) as const,
  );
  rejectOtherMethods(app, '/healthz', ['GET', 'HEAD']);
  await registerAdminApi(app, options.admin);
  await registerDashboardStatic(app, options.dashboardDist);
  return app;
}
