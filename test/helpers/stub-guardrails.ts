import { Type } from '@sinclair/typebox';
import { defineGuardrail, type GuardrailDefinition } from '../../src/engine/guardrail.ts';
import { loadGuardrails } from '../../src/guardrails/load.ts';
import type { CheckRequest } from '../../src/engine/pipeline.ts';
import { profileSettingsSchema } from '../../src/guardrails/registry.ts';
import { keywordGuardrail } from '../../src/guardrails/keyword/index.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../../src/models/model-library.ts';

/** Stands in for the LLM guardrail and always fails. */
const failing = defineGuardrail({
  name: 'llm',
  title: 'Always fails',
  directions: ['input'],
  settings: Type.Object({}),
  result: Type.Object({}),
  create: async () => ({
    compile: () => null,
    check: () => {
      throw new Error('model exploded');
    },
  }),
});

/** Stands in for the PII guardrail: masks every run of digits, blocks nothing. */
const masking = defineGuardrail({
  name: 'pii',
  title: 'Masks numbers (those of three digits or more also in what is passed on)',
  directions: ['input', 'output'],
  settings: Type.Object({}),
  result: Type.Object({ detected: Type.Boolean() }),
  create: async () => ({
    compile: () => null,
    check: (ctx) => {
      const redactions = [...ctx.message.matchAll(/\d+/g)].map((m) => ({
        start: m.index,
        end: m.index + m[0].length,
        replacement: '<NUMBER>',
        forward: m[0].length >= 3,
      }));
      return { detected: false, fields: { detected: redactions.length > 0 }, redactions };
    },
  }),
});

const stubDefinitions = [failing, masking, keywordGuardrail] as readonly GuardrailDefinition[];

/** A failing LLM guardrail, a digit-masking PII guardrail and the real keyword guardrail, built (none loads a model). */
export const stubRegistry = await loadGuardrails(stubDefinitions, { models: new ModelLibrary(SHIPPED_MODELS_DIR) });
export const stubSchema = profileSettingsSchema(stubDefinitions);

export const inputRequest = (message: string): CheckRequest => ({
  direction: 'input',
  message,
  runtimeLlm: { id: 'llm_test', name: 'test', mode: 'non-forwarding', systemPrompt: null },
});
