import { Type } from '@sinclair/typebox';
import { DETECTOR } from '../../src/detector/detector-scores.ts';
import type { HeadScores } from '../../src/detector/detector-model.ts';
import { HEADS, type HeadName } from '../../src/detector/heads.ts';
import type { ModelLoader } from '../../src/domain/model-loader.ts';
import type { AnalysedText } from '../../src/text/analysed-text.ts';
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

/**
 * What the stand-in detector reads in a message: each head scores 0.99 when its phrase is in one of
 * the views a detector scans (the normalised message, decoded payloads; any letter case), else 0.01. The hazard categories score 0, but UNETHICAL 0.9 with a hazard.
 */
export const STAND_IN_PHRASES: Readonly<Partial<Record<HeadName, RegExp>>> = {
  attack: /\bignore (all )?(previous|prior|your) instructions\b/i,
  extraction: /\b(reveal|print|repeat|show) (me )?(your|the) system prompt\b/i,
  harmful: /\bstand-in hazard\b/i,
  unsafe_output: /\bstand-in hazard\b/i,
};

/** Scores a message by STAND_IN_PHRASES, in place of the detector model the llm, content moderation and system prompt guardrails share. */
const standInDetector = {
  of(text: AnalysedText): HeadScores {
    const scores = Object.fromEntries(HEADS.map((head) => [head, 0])) as HeadScores;
    for (const head of ['attack', 'extraction', 'harmful', 'unsafe_output'] as const)
      scores[head] = text.detectionViews.some((view) => STAND_IN_PHRASES[head]!.test(view)) ? 0.99 : 0.01;
    scores.UNETHICAL = 0.9;
    return scores;
  },
};

/**
 * The shipped models, but the detector: a stand-in that decides by marker phrases
 * (STAND_IN_PHRASES). Guardrails built with it run their own code (settings, thresholds, backend
 * hooks, result blocks) over its scores, without loading the detector model or running it on each check.
 */
export class StandInModels extends ModelLibrary {
  override load<T>(loader: ModelLoader<T>): T {
    return loader.name === DETECTOR.name ? (standInDetector as unknown as T) : super.load(loader);
  }
}
