import { Type } from '@sinclair/typebox';
import { defineGuardrail } from '../../engine/guardrail.ts';
import { VECTOR_SENSITIVITIES } from './encoder/encoder-manifest.ts';
import { SENTENCE_ENCODER } from './encoder/encoder.ts';
import { REQUEST_MATCHING } from './request-matching.ts';
import { VECTOR_RESULT } from './result-schema.ts';
import { scoreMessage } from './scorer.ts';
import { SHIPPED_SEED } from './seed.ts';
import { seedOnlyRuntime, startVectorRuntime } from './vector-runtime.ts';

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Vector filter: the message's similarity to reviewed known attacks (the threat store), which catches
 * paraphrases and template variants of them, and — when the message carries an optimisation-style
 * suffix — to known hazardous requests. Sensitivity picks a score threshold chosen on out-of-source
 * validation; matches name the best-scoring entries and their families.
 */
export const vectorGuardrail = defineGuardrail({
  name: 'vector',
  title: 'Vector Guardrail',
  runsModel: true,
  directions: ['input'],
  levels: [3],
  result: VECTOR_RESULT,
  settings: Type.Object({
    sensitivity: Type.Union(
      VECTOR_SENSITIVITIES.map((s) => Type.Literal(s)),
      {
        default: 'Medium',
        description:
          'Low, Medium or High. High blocks messages less similar to known attacks (catches more paraphrases, and blocks more harmless ones); Low blocks only close copies.',
      },
    ),
  }),
  specSettings: {
    sensitivity: Type.Union(
      VECTOR_SENSITIVITIES.map((s) => Type.Literal(s)),
      { default: 'Medium', description: 'Vector filter sensitivity: High catches more and blocks more' },
    ),
  },
  summarise: (fields) => fields.matches.map((m) => `${m.family} (similarity ${m.similarity.toFixed(2)})`),
  loaders: [SENTENCE_ENCODER, REQUEST_MATCHING],
  async create({ models, services }) {
    // Without a database (offline evaluation) the shipped seed stands in for the store.
    const runtime = services
      ? await startVectorRuntime(services, models)
      : seedOnlyRuntime(models.load(SENTENCE_ENCODER), models.read(SHIPPED_SEED), models.load(REQUEST_MATCHING));
    return {
      compile: (settings) => ({ sensitivity: settings.sensitivity, threshold: runtime.encoder.calibration.thresholds[settings.sensitivity] }),
      async check(ctx, compiled) {
        const r = await scoreMessage(runtime, ctx.text);
        const detected = r.score >= compiled.threshold;
        return {
          detected,
          score: r.score,
          fields: {
            score: r.score,
            detected,
            sensitivity: compiled.sensitivity,
            threshold: compiled.threshold,
            matches: r.matches.map((m) => ({ id: m.id, family: m.family, similarity: round(m.similarity) })),
          },
        };
      },
    };
  },
});
