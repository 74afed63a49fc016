import { checkFindings } from '../../admin/guardrail-catalogue.ts';
import { runPlayground, type PlaygroundRun } from '../../admin/playground.ts';
import { rejectOtherMethods } from '../errors.ts';
import type { HttpApp } from '../http-app.ts';
import { withErrors } from '../responses.ts';
import type { AdminContext } from './context.ts';
import { PLAYGROUND_BODY, PLAYGROUND_RESPONSE_SCHEMA, type PlaygroundJson } from './schemas.ts';

function playgroundJson({ outcome, runtimeLlm: llm }: PlaygroundRun): PlaygroundJson {
  return {
    injection_detected: outcome.injection_detected,
    execution_time: Math.round(outcome.execution_time * 1000) / 1000,
    checks: outcome.checks,
    blocked_by: outcome.blocked_by,
    monitored_by: outcome.monitored_by,
    ...(outcome.sanitized_message === undefined ? {} : { sanitized_message: outcome.sanitized_message }),
    ...(outcome.masked_message === undefined ? {} : { masked_message: outcome.masked_message }),
    spans: outcome.spans.map((s) => ({ start: s.start, end: s.end, label: s.label })),
    findings: checkFindings(outcome.checks),
    runtime_llm: { id: llm.id, name: llm.name, level: llm.level, profile_id: llm.profileId },
  };
}

/** Playground: input-check / output-check on typed text, with the spans that triggered. */
export function registerPlaygroundRoutes(app: HttpApp, ctx: AdminContext): void {
  app.post(
    '/api/playground',
    {
      schema: {
        summary: 'Run a Runtime LLM’s guardrails on typed text (not recorded as an event)',
        description: 'The answer is the check response plus `spans`: [{start, end, label}] UTF-16 ranges of the message that triggered.',
        tags: ['playground'],
        body: PLAYGROUND_BODY,
        response: withErrors({ 200: PLAYGROUND_RESPONSE_SCHEMA }),
      },
    },
    async (request) => {
      const { runtime_llm: runtimeLlm, direction, message, prompt } = request.body;
      return playgroundJson(await runPlayground(ctx.store, ctx.guardrails, ctx.log, ctx.backends, { runtimeLlm, direction, message, prompt }));
    },
  );
  rejectOtherMethods(app, '/api/playground', ['POST']);
}
