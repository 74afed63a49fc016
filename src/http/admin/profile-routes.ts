import type { HttpApp } from '../http-app.ts';
import { GUARDRAIL_CATALOGUE_SCHEMA, guardrailCatalogue } from '../../admin/guardrail-catalogue.ts';
import { KEYWORD_RULE_SCHEMA, keywordRuleJson, PROFILE_SCHEMA, profileJson, REGEX_RULE_SCHEMA, regexRuleJson } from '../../admin/json.ts';
import {
  addKeywordRule,
  addRegexRule,
  createProfile,
  deleteProfile,
  getProfile,
  listSecurityProfiles,
  removeRule,
  updateProfileSettings,
} from '../../admin/profiles.ts';
import { REPLAY_REPORT_SCHEMA, replayProfile } from '../../admin/replay.ts';
import { RULE_TEST_RESULT_SCHEMA, testRule, type RuleTestInput } from '../../admin/rule-test.ts';
import { rejectOtherMethods } from '../errors.ts';
import { withErrors } from '../responses.ts';
import { actorOf, type AdminContext } from './context.ts';
import {
  ID_PARAMS,
  KEYWORD_RULE_BODY,
  OK_SCHEMA,
  PROFILE_CREATE_BODY,
  PROFILE_LIST_SCHEMA,
  PROFILE_PATCH_BODY,
  REGEX_RULE_BODY,
  REPLAY_BODY,
  RULE_PARAMS,
  RULE_TEST_BODY,
  type ProfileListJson,
} from './schemas.ts';

const tags: readonly string[] = ['profiles'];

/** Guardrails pages: security profiles, their settings and Add Rules; same operations as `rampart profile`. */
export function registerProfileRoutes(app: HttpApp, ctx: AdminContext): void {
  app.get(
    '/api/guardrails',
    { schema: { summary: 'Every guardrail with the JSON Schema of its profile settings', tags, response: withErrors({ 200: GUARDRAIL_CATALOGUE_SCHEMA }) } },
    async () => guardrailCatalogue(),
  );
  rejectOtherMethods(app, '/api/guardrails', ['GET', 'HEAD']);

  app.get(
    '/api/profiles',
    { schema: { summary: 'List security profiles', tags, response: withErrors({ 200: PROFILE_LIST_SCHEMA }) } },
    async () => ({ profiles: (await listSecurityProfiles(ctx.store)).map(profileJson) }) satisfies ProfileListJson,
  );
  app.post(
    '/api/profiles',
    {
      schema: {
        summary: 'Create a security profile, optionally copying another',
        tags,
        body: PROFILE_CREATE_BODY,
        response: withErrors({ 201: PROFILE_SCHEMA }),
      },
    },
    async (request, reply) => {
      const { name, description, copy_from: copyFrom } = request.body;
      const input: { name: string; description?: string; copyFrom?: string } = { name };
      if (description !== undefined) input.description = description;
      if (copyFrom !== undefined) input.copyFrom = copyFrom;
      return reply.code(201).send(profileJson(await createProfile(ctx.store, actorOf(request), input)));
    },
  );
  rejectOtherMethods(app, '/api/profiles', ['GET', 'HEAD', 'POST']);

  app.get(
    '/api/profiles/:id',
    { schema: { summary: 'One security profile with its settings and rules', tags, params: ID_PARAMS, response: withErrors({ 200: PROFILE_SCHEMA }) } },
    async (request) => profileJson(await getProfile(ctx.store, request.params.id)),
  );
  app.patch(
    '/api/profiles/:id',
    {
      schema: {
        summary: 'Change profile settings with a JSON Merge Patch (RFC 7386)',
        description:
          'E.g. {"guardrails":{"llm":{"enabled":false,"threshold":0.8}}}; null resets a member to its default ({"guardrails":{"llm":{"enabled":null}}} follows the protection level again). The settings schema is in GET /api/guardrails.',
        tags,
        params: ID_PARAMS,
        body: PROFILE_PATCH_BODY,
        response: withErrors({ 200: PROFILE_SCHEMA }),
      },
    },
    async (request) => profileJson(await updateProfileSettings(ctx.store, actorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/profiles/:id',
    { schema: { summary: 'Delete an unused security profile', tags, params: ID_PARAMS, response: withErrors({ 200: OK_SCHEMA }) } },
    async (request) => {
      await deleteProfile(ctx.store, actorOf(request), request.params.id);
      return { ok: true } as const;
    },
  );
  rejectOtherMethods(app, '/api/profiles/:id', ['GET', 'HEAD', 'PATCH', 'DELETE']);

  app.post(
    '/api/profiles/:id/replay',
    {
      schema: {
        summary: "What-if replay: run a Runtime LLM's recorded checks of a period through this profile and report which would change verdict",
        description:
          'Needs checks recorded with message text (profile setting record_message_text); answers 409 conflict when there are none. Nothing is stored. Guardrails ask the model backends the profile names, as live checks do, so a backend can be measured on recorded traffic before it is enforced. The report counts recorded and candidate verdicts, the checks whose verdict would change (changed), per guardrail how many checks it would newly detect or no longer detect, and lists the changed checks with a dashboard link to each.',
        tags,
        params: ID_PARAMS,
        body: REPLAY_BODY,
        response: withErrors({ 200: REPLAY_REPORT_SCHEMA }),
      },
    },
    async (request) =>
      replayProfile(
        ctx.store,
        ctx.guardrails,
        ctx.log,
        { profile: request.params.id, runtimeLlm: request.body.runtime_llm, since: request.body.since },
        ctx.backends,
      ),
  );
  rejectOtherMethods(app, '/api/profiles/:id/replay', ['POST']);

  app.post(
    '/api/profiles/:id/keyword-rules',
    {
      schema: {
        summary: 'Add a keyword rule (Guardrails → Keyword → Add Rules)',
        tags,
        params: ID_PARAMS,
        body: KEYWORD_RULE_BODY,
        response: withErrors({ 201: KEYWORD_RULE_SCHEMA }),
      },
    },
    async (request, reply) => {
      const { keyword, whole_word: wholeWord, scope } = request.body;
      const rule = await addKeywordRule(ctx.store, actorOf(request), request.params.id, {
        keyword,
        ...(wholeWord === undefined ? {} : { wholeWord }),
        ...(scope === undefined ? {} : { scope }),
      });
      return reply.code(201).send(keywordRuleJson(rule));
    },
  );
  rejectOtherMethods(app, '/api/profiles/:id/keyword-rules', ['POST']);

  app.post(
    '/api/profiles/:id/regex-rules',
    {
      schema: {
        summary: 'Add a regex rule (Guardrails → Regex → Add Rules); invalid or unsupported patterns are refused',
        tags,
        params: ID_PARAMS,
        body: REGEX_RULE_BODY,
        response: withErrors({ 201: REGEX_RULE_SCHEMA }),
      },
    },
    async (request, reply) => {
      const { name, pattern, case_insensitive: caseInsensitive, scope } = request.body;
      const rule = await addRegexRule(ctx.store, actorOf(request), request.params.id, {
        name,
        pattern,
        ...(caseInsensitive === undefined ? {} : { caseInsensitive }),
        ...(scope === undefined ? {} : { scope }),
      });
      return reply.code(201).send(regexRuleJson(rule));
    },
  );
  rejectOtherMethods(app, '/api/profiles/:id/regex-rules', ['POST']);

  app.delete(
    '/api/profiles/:id/rules/:ruleId',
    { schema: { summary: 'Remove a keyword or regex rule', tags, params: RULE_PARAMS, response: withErrors({ 200: OK_SCHEMA }) } },
    async (request) => {
      await removeRule(ctx.store, actorOf(request), request.params.id, request.params.ruleId);
      return { ok: true } as const;
    },
  );
  rejectOtherMethods(app, '/api/profiles/:id/rules/:ruleId', ['DELETE']);

  app.post(
    '/api/rules/test',
    {
      schema: {
        summary: '"Test this rule": run an unsaved keyword or regex rule on sample text',
        description: 'Answers {valid:false, error} for a bad pattern (nothing is saved), else {valid:true, matched, spans}.',
        tags,
        body: RULE_TEST_BODY,
        response: withErrors({ 200: RULE_TEST_RESULT_SCHEMA }),
      },
    },
    async (request) => {
      const b = request.body;
      const input: RuleTestInput = { kind: b.kind, text: b.text };
      if (b.keyword !== undefined) input.keyword = b.keyword;
      if (b.whole_word !== undefined) input.wholeWord = b.whole_word;
      if (b.pattern !== undefined) input.pattern = b.pattern;
      if (b.case_insensitive !== undefined) input.caseInsensitive = b.case_insensitive;
      return testRule(ctx.guardrails, input);
    },
  );
  rejectOtherMethods(app, '/api/rules/test', ['POST']);
}
