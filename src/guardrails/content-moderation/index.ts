import { Type } from '@sinclair/typebox';
import { defineGuardrail, type CheckContext, type GuardrailVerdict } from '../../engine/guardrail.ts';
import { DETECTOR, type DetectorScores } from '../../detector/detector-scores.ts';
import { roundScore } from '../../engine/rounding.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../domain/moderation.ts';
import { SHIPPED_THRESHOLDS } from '../../detector/shipped-thresholds.ts';
import { moderate } from './moderate.ts';
import { CONTENT_MODERATION_RESULT, type ContentModerationResult } from './result-schema.ts';

interface Compiled {
  inputThreshold: number;
  outputThreshold: number;
  enabled: ReadonlySet<ModerationCategory>;
  /** The built-in heads, which name the categories when a model backend names none. */
  detector: DetectorScores;
}

/** The verdict on a hazard score; `named`: the categories a model backend gave, else the built-in heads attribute them. */
function verdict(ctx: CheckContext, compiled: Compiled, hazard: number, named?: readonly ModerationCategory[]): GuardrailVerdict<ContentModerationResult> {
  const threshold = ctx.direction === 'input' ? compiled.inputThreshold : compiled.outputThreshold;
  const m = moderate(hazard, threshold, compiled.detector.of(ctx.text), compiled.enabled, named);
  return {
    detected: m.unsafe,
    score: hazard,
    fields: {
      result: m.unsafe ? 'UNSAFE' : 'SAFE',
      unsafe: m.unsafe,
      // Present only when unsafe, as the specification observes.
      ...(m.unsafe ? { category: `CATEGORIES: ${m.fired.join(', ')}` } : {}),
      categories: m.categories.map((c) => ({ name: c.name, score: roundScore(c.score) })),
      score: roundScore(hazard),
    },
  };
}

/**
 * Content moderation: hazardous requests on input, harmful answers on output, attributed to the
 * categories VIOLENCE, HATE, HARASSMENT, SEXUAL, SELF_HARM and UNETHICAL (each switchable).
 */
export const contentModerationGuardrail = defineGuardrail({
  name: 'content_moderation',
  title: 'Content Moderation',
  directions: ['input', 'output'],
  levels: [2, 3],
  result: CONTENT_MODERATION_RESULT,
  settings: Type.Object({
    input_threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      default: SHIPPED_THRESHOLDS.content_moderation.input_threshold,
      description: 'Hazard score at or above which a prompt is unsafe.',
    }),
    output_threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      default: SHIPPED_THRESHOLDS.content_moderation.output_threshold,
      description: 'Hazard score at or above which an LLM answer is unsafe.',
    }),
    categories: Type.Array(Type.Union(MODERATION_CATEGORIES.map((c) => Type.Literal(c))), {
      default: [...MODERATION_CATEGORIES],
      uniqueItems: true,
      description: 'Categories that make a message unsafe; the others are still scored and reported.',
    }),
  }),
  // Categories scored at least 0.01, the others being noise to a reader.
  summarise: (fields) => fields.categories.filter((c) => c.score >= 0.01).map((c) => `${c.name} ${c.score.toFixed(2)}`),
  loaders: [DETECTOR],
  async create({ models }) {
    const detector = models.load(DETECTOR);
    return {
      compile: (settings): Compiled => ({
        inputThreshold: settings.input_threshold,
        outputThreshold: settings.output_threshold,
        enabled: new Set(settings.categories),
        detector,
      }),
      check(ctx, compiled) {
        const scores = detector.of(ctx.text);
        return verdict(ctx, compiled, ctx.direction === 'input' ? scores.harmful : scores.unsafe_output);
      },
    };
  },
  backend: {
    question: () => 'moderation',
    decide: verdict,
  },
});
