import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { runPlayground } from '../../admin/playground.ts';
import { rejectOtherMethods } from '../errors.ts';
import type { AdminContext } from './context.ts';
import { PLAYGROUND_BODY } from './schemas.ts';

/** Playground: input-check / output-check on typed text, with the spans that triggered. */
export function registerPlaygroundRoutes(app: FastifyInstance, ctx: AdminContext): void {
  app.post<{ Body: Static<typeof PLAYGROUND_BODY> }>(
    '/api/playground',
    {
      schema: {
        summary: 'Run a Runtime LLM’s guardrails on typed text (not recorded as an event)',
        description: 'The answer is the check response plus `spans`: [{start, end, label}] UTF-16 ranges of the message that triggered.',
        tags: ['playground'],
        body: PLAYGROUND_BODY,
      },
    },
    async (request) => {
      const { runtime_llm: runtimeLlm, direction, message, prompt } = request.body;
      return runPlayground(ctx.store, ctx.guardrails, ctx.log, ctx.backends, { runtimeLlm, direction, message, prompt });
    },
  );
  rejectOtherMethods(app, '/api/playground', ['POST']);
}
