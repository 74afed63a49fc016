import { Type, type Static } from '@sinclair/typebox';
import { BACKEND_HEALTH_SCHEMA, backendHealthJson } from '../admin/json.ts';
import { BACKEND_KINDS } from '../backends/model-backend.ts';
import type { BackendHealth, ModelBackends } from '../backends/model-backends.ts';
import type { CheckEventQueue } from '../events/check-event-queue.ts';
import { stringEnum } from '../json-schema.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { MODEL_FILES_STATUS_SCHEMA } from '../pulled-models/model-json.ts';
import type { ModelFilesSync } from '../pulled-models/model-sync.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import { pingDatabase } from '../store/ping.ts';
import type { Store } from '../store/store.ts';
import { rejectOtherMethods } from './errors.ts';
import type { HttpApp } from './http-app.ts';
import { withErrors } from './responses.ts';

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

/** Liveness, on both listeners. */
export const HEALTH_SCHEMA = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });

const READY_BACKEND_SCHEMA = Type.Object({ kind: stringEnum(BACKEND_KINDS), ...BACKEND_HEALTH_SCHEMA.properties }, { additionalProperties: false });

const READINESS_SCHEMA = Type.Object(
  {
    status: stringEnum(['ready', 'not_ready'] as const),
    checks: Type.Object(
      {
        database: stringEnum(['ok', 'unavailable'] as const),
        config_revision: Type.Integer({ description: 'Revision of the configuration this node serves (0: none loaded yet)' }),
        events: stringEnum(['ok', 'retrying', 'dropping'] as const satisfies readonly CheckEventQueue['state'][]),
        events_pending: Type.Integer({ description: 'Check events waiting to be written' }),
        model_backends: Type.Optional(
          Type.Record(Type.String(), READY_BACKEND_SCHEMA, { description: 'Each model backend by name (present when backends are configured)' }),
        ),
        pulled_models: Type.Optional(
          Type.Record(Type.String(), MODEL_FILES_STATUS_SCHEMA, {
            description: "This node's copy of each pulled or imported model, by name (present when one is registered)",
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
type ReadinessJson = Static<typeof READINESS_SCHEMA>;

const readyBackend = (health: BackendHealth): Static<typeof READY_BACKEND_SCHEMA> => ({ kind: health.kind, ...backendHealthJson(health) });

/**
 * checks.pulled_models: this node's copy of each pulled or imported model, present only when one is
 * registered. A missing copy never makes the node unready: its backend is unavailable meanwhile.
 */
function pulledModelChecks(modelFiles: ModelFilesSync): Pick<ReadinessJson['checks'], 'pulled_models'> {
  const status = modelFiles.status();
  return Object.keys(status).length > 0 ? { pulled_models: status } : {};
}

/** Liveness, readiness and Prometheus metrics. */
export function registerOpsRoutes(app: HttpApp, options: OpsRouteOptions): void {
  app.get(
    '/healthz',
    { schema: { summary: 'Liveness: the process serves HTTP', tags: ['operations'], response: withErrors({ 200: HEALTH_SCHEMA }) } },
    async () => ({ status: 'ok' }) as const,
  );
  rejectOtherMethods(app, '/healthz', ['GET', 'HEAD']);

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: database reachable and configuration loaded (503 otherwise)',
        description:
          "checks.events tells whether check events are being written: ok, retrying (kept in memory until the database takes them) or dropping (the in-memory queue overflowed). Checks keep answering in every case; a failing event store does not make the node unready. checks.model_backends (present when backends are configured) gives each model backend's state on this node: ready, loading, unavailable (could not be loaded), open (its circuit breaker stopped calls after repeated failures) or half_open (a trial call is allowed); backends never make the node unready, the guardrails' on_error decides what their failures mean. checks.pulled_models (present when a model was pulled or imported) gives this node's copy of each: present (the files have the registered SHA-256), missing or mismatch (with the files concerned), fetching (being downloaded from the hub), failed (the last download failed; error says why). Until a copy is present its backend is unavailable on this node.",
        tags: ['operations'],
        response: withErrors({ 200: READINESS_SCHEMA, 503: READINESS_SCHEMA }),
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers(options.store)) ? 'ok' : 'unavailable';
      const ready = database === 'ok' && options.config.revision > 0;
      const backends = options.backends.health();
      const readiness: ReadinessJson = {
        status: ready ? 'ready' : 'not_ready',
        checks: {
          database,
          config_revision: options.config.revision,
          events: options.events.state,
          events_pending: options.events.pending,
          ...(backends.length > 0 ? { model_backends: Object.fromEntries(backends.map((health) => [health.name, readyBackend(health)])) } : {}),
          ...pulledModelChecks(options.modelFiles),
        },
      };
      return reply.code(ready ? 200 : 503).send(readiness);
    },
  );
  rejectOtherMethods(app, '/readyz', ['GET', 'HEAD']);

  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Prometheus metrics',
        tags: ['operations'],
        response: withErrors({
          200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: Type.String() } } },
        }),
      },
    },
    async (_request, reply) => reply.type(options.metrics.registry.contentType).send(await options.metrics.exposition()),
  );
  rejectOtherMethods(app, '/metrics', ['GET', 'HEAD']);
}
