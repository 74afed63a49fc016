import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import type { Store } from '../store/store.ts';
import { rejectOtherMethods } from './errors.ts';

export interface OpsRouteOptions {
  store: Store;
  config: LiveConfig;
  metrics: Metrics;
}

/** Liveness, readiness and Prometheus metrics. */
export function registerOpsRoutes(app: FastifyInstance, options: OpsRouteOptions): void {
  app.get('/healthz', { schema: { summary: 'Liveness: the process serves HTTP', tags: ['operations'] } }, async () => ({ status: 'ok' }));
  rejectOtherMethods(app, '/healthz', ['GET', 'HEAD']);

  app.get('/readyz', { schema: { summary: 'Readiness: database reachable and configuration loaded', tags: ['operations'] } }, async (_request, reply) => {
    let database = 'ok';
    try {
      await sql`select 1`.execute(options.store.db);
    } catch {
      database = 'unavailable';
    }
    const ready = database === 'ok' && options.config.revision > 0;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: { database, config_revision: options.config.revision } });
  });
  rejectOtherMethods(app, '/readyz', ['GET', 'HEAD']);

  app.get('/metrics', { schema: { summary: 'Prometheus metrics', tags: ['operations'] } }, async (_request, reply) => {
    return reply.type(options.metrics.registry.contentType).send(await options.metrics.exposition());
  });
  rejectOtherMethods(app, '/metrics', ['GET', 'HEAD']);
}
