import type { HttpApp } from '../http-app.ts';
import { MODEL_BACKEND_SCHEMA, modelBackendJson } from '../../admin/json.ts';
import {
  createModelBackend,
  deleteModelBackend,
  listModelBackendsOf,
  requireModelBackend,
  updateModelBackend,
  type ModelBackendInput,
} from '../../admin/model-backends.ts';
import type { StoredModelBackend } from '../../store/model-backends.ts';
import { rejectOtherMethods } from '../errors.ts';
import { withErrors } from '../responses.ts';
import { actorOf, type AdminContext } from './context.ts';
import {
  ID_PARAMS,
  MODEL_BACKEND_CREATE_BODY,
  MODEL_BACKEND_LIST_SCHEMA,
  MODEL_BACKEND_UPDATE_BODY,
  OK_SCHEMA,
  type ModelBackendBody,
  type ModelBackendListJson,
} from './schemas.ts';

function toModelBackendInput(body: ModelBackendBody): ModelBackendInput {
  return {
    name: body.name,
    kind: body.kind,
    path: body.path,
    url: body.url,
    model: body.model,
    format: body.format,
    apiKey: body.api_key,
    timeoutMs: body.timeout_ms,
    breakerFailures: body.breaker_failures,
    breakerCooldownMs: body.breaker_cooldown_ms,
    maxConcurrency: body.max_concurrency,
    queueDepth: body.queue_depth,
    intraOpThreads: body.intra_op_threads,
  };
}

const tags: readonly string[] = ['model-backends'];

/** Settings → Model backends: the same operations as `rampart backend`, plus each backend's health on this node. */
export function registerModelBackendRoutes(app: HttpApp, ctx: AdminContext): void {
  const json = (backend: StoredModelBackend) =>
    modelBackendJson(
      backend,
      ctx.backends.health().find((h) => h.name === backend.name),
    );
  /** After a change, this node's backends follow at once (others with their next configuration reload), so the answer shows its health. */
  const changed = async (backend: StoredModelBackend) => {
    await ctx.backends.load();
    return json(backend);
  };

  app.get(
    '/api/model-backends',
    {
      schema: {
        summary: 'List model backends with their health on this node (API keys only as api_key_set)',
        tags,
        response: withErrors({ 200: MODEL_BACKEND_LIST_SCHEMA }),
      },
    },
    async () => ({ model_backends: (await listModelBackendsOf(ctx.store)).map(json) }) satisfies ModelBackendListJson,
  );
  app.post(
    '/api/model-backends',
    {
      schema: {
        summary: 'Add a model backend: an ONNX classifier folder or an LLM judge',
        tags,
        body: MODEL_BACKEND_CREATE_BODY,
        response: withErrors({ 201: MODEL_BACKEND_SCHEMA }),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await changed(await createModelBackend(ctx.store, actorOf(request), toModelBackendInput(request.body), ctx.credentials))),
  );
  rejectOtherMethods(app, '/api/model-backends', ['GET', 'HEAD', 'POST']);

  app.get(
    '/api/model-backends/:id',
    { schema: { summary: 'One model backend', tags, params: ID_PARAMS, response: withErrors({ 200: MODEL_BACKEND_SCHEMA }) } },
    async (request) => json(await requireModelBackend(ctx.store, request.params.id)),
  );
  app.patch(
    '/api/model-backends/:id',
    {
      schema: {
        summary: 'Change a model backend (members left out keep their values)',
        tags,
        params: ID_PARAMS,
        body: MODEL_BACKEND_UPDATE_BODY,
        response: withErrors({ 200: MODEL_BACKEND_SCHEMA }),
      },
    },
    async (request) => changed(await updateModelBackend(ctx.store, actorOf(request), request.params.id, toModelBackendInput(request.body), ctx.credentials)),
  );
  app.delete(
    '/api/model-backends/:id',
    { schema: { summary: 'Delete a model backend no guardrail uses', tags, params: ID_PARAMS, response: withErrors({ 200: OK_SCHEMA }) } },
    async (request) => {
      await deleteModelBackend(ctx.store, actorOf(request), request.params.id);
      return { ok: true } as const;
    },
  );
  rejectOtherMethods(app, '/api/model-backends/:id', ['GET', 'HEAD', 'PATCH', 'DELETE']);
}
