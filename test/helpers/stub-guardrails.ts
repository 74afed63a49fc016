import { Type } from '@sinclair/typebox';
import { defineGuardrail, type GuardrailDefinition } from '../../src/engine/guardrail.ts';
import type { CheckRequest } from '../../src/engine/pipeline.ts';
import { profileSettingsSchema } from '../../src/engine/profile-settings.ts';
import { keywordGuardrail } from '../../src/guardrails/keyword/index.ts';

/** Stands in for the LLM guardrail and always fails. */
const failing = defineGuardrail({
  name: 'llm',
  title: 'Always fails',
  directions: ['input'],
  settings: Type.Object({}),
  result: Type.Object({}),
  compile: () => null,
  check: () => {
    throw new Error('model exploded');
  },
});

/** Stands in for the PII guardrail: masks every run of digits, blocks nothing. */
const masking = defineGuardrail({
  name: 'pii',
  title: 'Masks digits',
  directions: ['input', 'output'],
  settings: Type.Object({}),
  result: Type.Object({ detected: Type.Boolean() }),
  compile: () => null,
  check: (ctx) => {
    const redactions = [...ctx.message.matchAll(/\d+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, replacement: '<NUMBER>' }));
    return { detected: false, fields: { detected: redactions.length > 0 }, redactions };
  },
});

/** A failing LLM guardrail, a digit-masking PII guardrail and the real keyword guardrail. */
export const stubRegistry = [failing, masking, keywordGuardrail] as readonly GuardrailDefinition[];
export const stubSchema = profileSettingsSchema(stubRegistry);

export const inputRequest = (message: string): CheckRequest => ({
  direction: 'input',
  message,
  runtimeLlm: { id: 'llm_test', name: 'test', mode: 'non-forwarding', systemPrompt: null },
});
