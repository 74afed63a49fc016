import type { FastifyInstance } from 'fastify';
import type { ModelBackends } from '../backends/model-backends.ts';
import type { ModelFilesSync } from '../pulled-models/model-sync.ts';
import type { CheckEventQueue } from '../events/check-event-queue.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import { pingDatabase } from '../store/ping.ts';
import type { Store } from '../store/store.ts';
import { rejectOtherMethods } from './errors.ts';

export interface OpsRouteOptions {
  store: Store;
  config: LiveConfig;
  metrics: Metrics;
  events: CheckEventQueue;
  backends: ModelBackends;
  modelFiles: ModelFilesSync;
}

/** A database that does not answer within this is reported unavailable (a pool may wait longer). */
const DATABASE_PROBE_MS = 1_000;

async function databaseAnswers(store: Store): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS)));
  const probe = pingDatabase(store.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * checks.pulled_models: this node's copy of each pulled or imported model, present only when one is
 * registered. A missing copy never makes the node unready: its backend is unavailable meanwhile.
 */
function pulledModelChecks(modelFiles: ModelFilesSync): Record<string, unknown> {
  const status = modelFiles.status();
  return Object.keys(status).length > 0 ? { pulled_models: status } : {};
}

/** Liveness, readiness and Prometheus metrics. */
export function registerOpsRoutes(app: FastifyInstance, options: OpsRouteOptions): void {
  app.get('/healthz', { schema: { summary: 'Liveness: the process serves HTTP', tags: ['operations'] } }, async () => ({ status: 'ok' }));
  rejectOtherMethods(app, '/healthz', ['GET', 'HEAD']);

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: database reachable and configuration loaded (503 otherwise)',
        description:
          "checks.events tells whether check events are being written: ok, retrying (kept in memory until the database takes them) or dropping (the in-memory queue overflowed). Checks keep answering in every case; a failing event store does not make the node unready. checks.model_backends (present when backends are configured) gives each model backend's state on this node: ready, loading, unavailable (could not be loaded), open (its circuit breaker stopped calls after repeated failures) or half_open (a trial call is allowed); backends never make the node unready, the guardrails' on_error decides what their failures mean. checks.pulled_models (present when a model was pulled or imported) gives this node's copy of each: present (the files have the registered SHA-256), missing or mismatch (with the files concerned), fetching (being downloaded from the hub), failed (the last download failed; error says why). Until a copy is present its backend is unavailable on this node.",
        tags: ['operations'],
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers(options.store)) ? 'ok' : 'unavailable';
      const ready = database === 'ok' && options.config.revision > 0;
      const backends = options.backends.health();
      const modelBackends = Object.fromEntries(backends.map(({ name, ...health }) => [name, health]));
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        checks: {
          database,
          config_revision: options.config.revision,
          events: options.events.state,
          events_pending: options.events.pending,
          ...(backends.length > 0 ? { model_backends: modelBackends } : {}),
          ...pulledModelChecks(options.modelFiles),
        },
      });
    },
  );
  rejectOtherMethods(app, '/readyz', ['GET', 'HEAD']);

  app.get('/metrics', { schema: { summary: 'Prometheus metrics', tags: ['operations'] } }, async (_request, reply) => {
    return reply.type(options.metrics.registry.contentType).send(await options.metrics.exposition());
  });
  rejectOtherMethods(app, '/metrics', ['GET', 'HEAD']);
}
