import type { HttpApp } from '../http-app.ts';
import { runtimeLlmJson } from '../../admin/json.ts';
import {
  createRuntimeLlm,
  deleteRuntimeLlm,
  getRuntimeLlmView,
  listRuntimeLlmViews,
  regenerateApiKey,
  updateRuntimeLlm,
  type RuntimeLlmInput,
} from '../../admin/runtime-llms.ts';
import { rejectOtherMethods } from '../errors.ts';
import { withErrors } from '../responses.ts';
import { actorOf, type AdminContext } from './context.ts';
import { RUNTIME_LLM_SCHEMA } from '../../admin/json.ts';
import {
  ID_PARAMS,
  OK_SCHEMA,
  RUNTIME_LLM_CREATE_BODY,
  RUNTIME_LLM_KEY_SCHEMA,
  RUNTIME_LLM_LIST_SCHEMA,
  RUNTIME_LLM_UPDATE_BODY,
  type RuntimeLlmKeyJson,
  type RuntimeLlmListJson,
  type RuntimeLlmUpdateBody,
} from './schemas.ts';

function toInput(body: RuntimeLlmUpdateBody): Partial<RuntimeLlmInput> {
  const input: Partial<RuntimeLlmInput> = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.mode !== undefined) input.mode = body.mode;
  if (body.url !== undefined) input.url = body.url;
  if (body.level !== undefined) input.level = body.level;
  if (body.profile !== undefined) input.profile = body.profile;
  if (body.system_prompt !== undefined) input.systemPrompt = body.system_prompt;
  if (body.upstream_api_key !== undefined) input.upstreamCredential = body.upstream_api_key;
  if (body.monitor !== undefined) input.monitor = body.monitor;
  return input;
}

const tags: readonly string[] = ['runtime-llms'];

/** Runtime LLMs and their API keys: the same operations as `rampart runtime-llm` and `rampart key`. */
export function registerRuntimeLlmRoutes(app: HttpApp, ctx: AdminContext): void {
  app.get(
    '/api/runtime-llms',
    { schema: { summary: 'List Runtime LLMs (keys only as hints)', tags, response: withErrors({ 200: RUNTIME_LLM_LIST_SCHEMA }) } },
    async () => ({ runtime_llms: (await listRuntimeLlmViews(ctx.store)).map(runtimeLlmJson) }) satisfies RuntimeLlmListJson,
  );
  app.post(
    '/api/runtime-llms',
    {
      schema: {
        summary: 'Create a Runtime LLM; the response holds its API key, shown only this once',
        tags,
        body: RUNTIME_LLM_CREATE_BODY,
        response: withErrors({ 201: RUNTIME_LLM_KEY_SCHEMA }),
      },
    },
    async (request, reply) => {
      const result = await createRuntimeLlm(ctx.store, actorOf(request), { ...toInput(request.body), name: request.body.name }, ctx.credentials);
      return reply.code(201).send({ runtime_llm: runtimeLlmJson(result.runtimeLlm), api_key: result.apiKey } satisfies RuntimeLlmKeyJson);
    },
  );
  rejectOtherMethods(app, '/api/runtime-llms', ['GET', 'HEAD', 'POST']);

  app.get(
    '/api/runtime-llms/:id',
    { schema: { summary: 'One Runtime LLM', tags, params: ID_PARAMS, response: withErrors({ 200: RUNTIME_LLM_SCHEMA }) } },
    async (request) => runtimeLlmJson(await getRuntimeLlmView(ctx.store, request.params.id)),
  );
  app.patch(
    '/api/runtime-llms/:id',
    {
      schema: {
        summary: 'Change a Runtime LLM (mode, Secure Proxy URL, upstream API key, level, profile, name, system prompt, monitor mode)',
        tags,
        params: ID_PARAMS,
        body: RUNTIME_LLM_UPDATE_BODY,
        response: withErrors({ 200: RUNTIME_LLM_SCHEMA }),
      },
    },
    async (request) => runtimeLlmJson(await updateRuntimeLlm(ctx.store, actorOf(request), request.params.id, toInput(request.body), ctx.credentials)),
  );
  app.delete(
    '/api/runtime-llms/:id',
    { schema: { summary: 'Delete a Runtime LLM and its key', tags, params: ID_PARAMS, response: withErrors({ 200: OK_SCHEMA }) } },
    async (request) => {
      await deleteRuntimeLlm(ctx.store, actorOf(request), request.params.id);
      return { ok: true } as const;
    },
  );
  rejectOtherMethods(app, '/api/runtime-llms/:id', ['GET', 'HEAD', 'PATCH', 'DELETE']);

  app.post(
    '/api/runtime-llms/:id/api-key',
    {
      schema: {
        summary: 'Generate a new API key (Gear → Download API Key): shown once; the previous key stops working at once',
        tags,
        params: ID_PARAMS,
        response: withErrors({ 200: RUNTIME_LLM_KEY_SCHEMA }),
      },
    },
    async (request) => {
      const result = await regenerateApiKey(ctx.store, actorOf(request), request.params.id);
      return { runtime_llm: runtimeLlmJson(result.runtimeLlm), api_key: result.apiKey } satisfies RuntimeLlmKeyJson;
    },
  );
  rejectOtherMethods(app, '/api/runtime-llms/:id/api-key', ['POST']);
}
