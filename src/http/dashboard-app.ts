import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createBaseApp } from './base-app.ts';
import { rejectOtherMethods } from './errors.ts';
import { registerOpenApi } from './openapi.ts';

export interface DashboardAppOptions {
  log: Logger;
  https: { cert: string; key: string } | null;
  version: string;
}

/** The administration listener (spec port 3000). */
export async function buildDashboardApp(options: DashboardAppOptions): Promise<FastifyInstance> {
  const app = createBaseApp({ log: options.log, listener: 'dashboard', https: options.https, bodyLimit: 1024 * 1024 });
  await registerOpenApi(app, {
    title: 'Rampart administration API',
    version: options.version,
    description: 'Administration of the Rampart appliance.',
  });
  app.get('/healthz', { schema: { summary: 'Liveness', tags: ['operations'] } }, async () => ({ status: 'ok' }));
  rejectOtherMethods(app, '/healthz', ['GET', 'HEAD']);
  return app;
}
