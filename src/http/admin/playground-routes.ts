import type { FastifyInstance } from 'fastify';
import { runPlayground } from '../../admin/playground.ts';
import type { Direction } from '../../engine/guardrail.ts';
import { rejectOtherMethods } from '../errors.ts';
import type { AdminContext } from './context.ts';
import { playgroundBody } from './schemas.ts';

/** Playground: input-check / output-check on typed text, with the spans that triggered. */
export function registerPlaygroundRoutes(app: FastifyInstance, ctx: AdminContext): void {
  app.post<{ Body: { runtime_llm: string; direction: Direction; message: string; prompt?: string } }>(
    '/api/playground',
    {
      schema: {
        summary: 'Run a Runtime LLM’s guardrails on typed text (not recorded as an event)',
        description: 'The answer is the check response plus `spans`: [{start, end, label}] UTF-16 ranges of the message that triggered.',
        tags: ['playground'],
        body: playgroundBody,
      },
    },
    async (request) => {
      const { runtime_llm: runtimeLlm, direction, message, prompt } = request.body;
      return runPlayground(ctx.store, ctx.guardrails, ctx.log, ctx.backends, { runtimeLlm, direction, message, prompt });
    },
  );
  rejectOtherMethods(app, '/api/playground', ['POST']);
}
