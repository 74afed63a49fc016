import { Type } from '@sinclair/typebox';
import { defineGuardrail, type GuardrailVerdict } from '../../engine/guardrail.ts';
import { roundScore } from '../../engine/rounding.ts';
import { DETECTOR } from '../../detector/detector-scores.ts';
import { SHIPPED_THRESHOLDS } from '../../detector/shipped-thresholds.ts';
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
  levels: [2, 3],
  result: LLM_RESULT,
  settings: Type.Object({
    threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      default: SHIPPED_THRESHOLDS.llm.threshold,
      description: 'Score at or above which the message is blocked as an injection.',
    }),
    judge_with_system_prompt: Type.Boolean({
      default: false,
      description:
        "Context-aware judging: an LLM judge (json or shieldgemma format) also gets the Runtime LLM's system prompt as the application's rules and is asked whether the prompt tries to make the assistant break them (input side). The system prompt is never logged or recorded.",
    }),
  }),
  specSettings: { threshold: Type.Number({ minimum: 0, maximum: 1, default: 0.5, description: 'Score at or above which the LLM classifier blocks' }) },
  loaders: [DETECTOR],
  async create({ models }) {
    const detector = models.load(DETECTOR);
    return {
      compile: (settings) => ({ threshold: settings.threshold, judgeWithSystemPrompt: settings.judge_with_system_prompt }),
      check: (ctx, compiled) => verdict(detector.of(ctx.text).attack, compiled.threshold),
    };
  },
  backend: {
    question: () => 'injection',
    // Forwarding mode's system prompt (the one sent upstream), else the one registered with the Runtime LLM.
    policy: (ctx, compiled) =>
      compiled.judgeWithSystemPrompt && ctx.direction === 'input' ? (ctx.systemPrompt ?? ctx.runtimeLlm.systemPrompt ?? undefined) : undefined,
    decide: (_ctx, compiled, score) => verdict(score, compiled.threshold),
  },
});
