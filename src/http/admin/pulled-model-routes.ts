import type { HttpApp } from '../http-app.ts';
import { listPulledModelsOf, modelFacts, requirePulledModel } from '../../admin/pulled-models.ts';
import { onnxDevice } from '../../backends/onnx-device.ts';
import { MODEL_PULL_SCHEMA, modelPullJson, PULLED_MODEL_SCHEMA, pulledModelJson } from '../../pulled-models/model-json.ts';
import { removeModel } from '../../pulled-models/model-remove.ts';
import { findPull, recentPulls, startPull } from '../../pulled-models/pull-jobs.ts';
import type { PulledModel } from '../../store/pulled-models.ts';
import { rejectOtherMethods } from '../errors.ts';
import { withErrors } from '../responses.ts';
import { actorOf, type AdminContext } from './context.ts';
import {
  ID_PARAMS,
  MODEL_PULL_BODY,
  MODEL_PULL_LIST_SCHEMA,
  NAME_PARAMS,
  OK_SCHEMA,
  PULLED_MODEL_LIST_SCHEMA,
  type ModelPullListJson,
  type PulledModelListJson,
} from './schemas.ts';

const tags: readonly string[] = ['models'];

/**
 * Settings → Model backends → Pulled models: the models `rampart model pull` and `import` registered,
 * with this node's copy of their files, and pulls started from the dashboard (their progress is
 * recorded, so any server answers for it).
 */
export function registerPulledModelRoutes(app: HttpApp, ctx: AdminContext): void {
  const json = async (model: PulledModel) => {
    const facts = await modelFacts(ctx.store, model, onnxDevice(), ctx.modelFiles.status()[model.name]);
    const device = ctx.backends.health().find((h) => h.name === facts.backend)?.device;
    return pulledModelJson(model, { ...facts, ...(device ? { device } : {}) });
  };
  /** This node follows a change at once (the others with their next configuration reload). */
  const changed = async () => {
    await ctx.modelFiles.check();
    await ctx.backends.load();
  };

  app.get(
    '/api/models',
    {
      schema: {
        summary: 'Pulled and imported models: origin, commit, files with SHA-256, licence, and their state on this node',
        tags,
        response: withErrors({ 200: PULLED_MODEL_LIST_SCHEMA }),
      },
    },
    async () => ({ models: await Promise.all((await listPulledModelsOf(ctx.store)).map(json)) }) satisfies PulledModelListJson,
  );
  rejectOtherMethods(app, '/api/models', ['GET', 'HEAD']);

  app.get(
    '/api/models/:name',
    { schema: { summary: 'One pulled or imported model', tags, params: NAME_PARAMS, response: withErrors({ 200: PULLED_MODEL_SCHEMA }) } },
    async (request) => json(await requirePulledModel(ctx.store, request.params.name)),
  );
  app.delete(
    '/api/models/:name',
    {
      schema: {
        summary: "Unregister a model and its backend and delete this node's files (409 while a guardrail asks it)",
        tags,
        params: NAME_PARAMS,
        response: withErrors({ 200: OK_SCHEMA }),
      },
    },
    async (request) => {
      await removeModel(ctx.store, ctx.dataDir, actorOf(request), request.params.name);
      await changed();
      return { ok: true } as const;
    },
  );
  rejectOtherMethods(app, '/api/models/:name', ['GET', 'HEAD', 'DELETE']);

  app.get(
    '/api/model-pulls',
    { schema: { summary: 'The latest pulls started from the dashboard', tags, response: withErrors({ 200: MODEL_PULL_LIST_SCHEMA }) } },
    async () => ({ pulls: (await recentPulls(ctx.store)).map(modelPullJson) }) satisfies ModelPullListJson,
  );
  app.post(
    '/api/model-pulls',
    {
      schema: {
        summary: 'Start pulling a text classifier from the model hub (HF_ENDPOINT, HF_TOKEN of the server); poll its progress',
        description:
          'Answers 202 once the request is checked (fields, name, profile); the download, the licence and label checks and the registration follow, and the pull ends as succeeded or failed with the error code and message `rampart model pull` would give.',
        tags,
        body: MODEL_PULL_BODY,
        response: withErrors({ 202: MODEL_PULL_SCHEMA }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const pull = await startPull(
        { store: ctx.store, dataDir: ctx.dataDir, hub: ctx.hub, log: ctx.log, onPulled: changed, signal: ctx.stopping },
        actorOf(request),
        {
          repo: body.repo,
          revision: body.revision,
          file: body.file,
          name: body.name,
          attach: { guardrail: body.guardrail, mode: body.mode, profile: body.profile },
          positiveLabels: body.positive_labels,
          acceptLicense: body.accept_license === true,
        },
      );
      return reply.code(202).send(modelPullJson(pull));
    },
  );
  rejectOtherMethods(app, '/api/model-pulls', ['GET', 'HEAD', 'POST']);

  app.get(
    '/api/model-pulls/:id',
    {
      schema: {
        summary: 'A pull: its phase, the file being downloaded and its bytes, and how it ended',
        tags,
        params: ID_PARAMS,
        response: withErrors({ 200: MODEL_PULL_SCHEMA }),
      },
    },
    async (request) => modelPullJson(await findPull(ctx.store, request.params.id)),
  );
  rejectOtherMethods(app, '/api/model-pulls/:id', ['GET', 'HEAD']);
}
