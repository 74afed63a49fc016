import { Type } from '@sinclair/typebox';
import { defineGuardrail } from '../../engine/guardrail.ts';
import { sharedDetectorModel } from '../../models/detector-model.ts';
import { detectorScores, roundScore } from '../../models/detector-scores.ts';
import { shippedThreshold } from '../../models/shipped-thresholds.ts';

/** LLM classifier: prompt-injection / jailbreak likelihood of a prompt (or of an answer, on output). */
export const llmGuardrail = defineGuardrail({
  name: 'llm',
  title: 'LLM Guardrail',
  directions: ['input', 'output'],
  settings: Type.Object({
    threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      default: shippedThreshold('attack', 0.5),
      description: 'Score at or above which the message is blocked as an injection.',
    }),
  }),
  async init() {
    sharedDetectorModel();
  },
  compile(settings) {
    return { threshold: settings.threshold };
  },
  check(ctx, compiled) {
    const score = detectorScores(ctx.text).attack;
    const detected = score >= compiled.threshold;
    return { detected, score, fields: { score: roundScore(score), threshold: compiled.threshold, detected } };
  },
});
