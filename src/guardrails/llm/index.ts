import { Type } from '@sinclair/typebox';
import { defineGuardrail, type GuardrailVerdict } from '../../engine/guardrail.ts';
import { roundScore } from '../../models/detector-scores.ts';
import { SHIPPED_THRESHOLDS } from '../../models/shipped-thresholds.ts';
import { LLM_RESULT, type LlmResult } from './result-schema.ts';

function verdict(score: number, threshold: number): GuardrailVerdict<LlmResult> {
  const detected = score >= threshold;
  return { detected, score, fields: { score: roundScore(score), threshold, detected } };
}

/** LLM classifier: prompt-injection / jailbreak likelihood of a prompt (or of an answer, on output). */
export const llmGuardrail = defineGuardrail({
  name: 'llm',
  title: 'LLM Guardrail',
  runsModel: true,
  directions: ['input', 'output'],
  result: LLM_RESULT,
  settings: Type.Object({
    threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      default: SHIPPED_THRESHOLDS.llm.threshold,
      description: 'Score at or above which the message is blocked as an injection.',
    }),
  }),
  async create({ models }) {
    const detector = models.detector();
    return {
      compile: (settings) => ({ threshold: settings.threshold }),
      check: (ctx, compiled) => verdict(detector.of(ctx.text).attack, compiled.threshold),
    };
  },
  backend: {
    question: () => 'injection',
    decide: (_ctx, compiled, score) => verdict(score, compiled.threshold),
  },
});
