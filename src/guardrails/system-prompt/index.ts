import { Type } from '@sinclair/typebox';
import { defineGuardrail, type CheckContext, type GuardrailVerdict } from '../../engine/guardrail.ts';
import { roundScore } from '../../engine/rounding.ts';
import { DETECTOR } from '../../detector/detector-scores.ts';
import { SHIPPED_THRESHOLDS } from '../../detector/shipped-thresholds.ts';
import { ProtectedPrompt, leakageSignals, leakedSpans } from './leakage.ts';
import { SYSTEM_PROMPT_RESULT, type SystemPromptResult } from './result-schema.ts';

const EMPTY_PROMPT = new ProtectedPrompt('');
const PREPARED_LIMIT = 256;

/** System prompts to protect, each prepared once and kept (the PREPARED_LIMIT most recently added). */
class PreparedPrompts {
  readonly #prepared = new Map<string, ProtectedPrompt>();

  /** The system prompt to protect: the one sent upstream, else the registered one. */
  of(ctx: CheckContext): ProtectedPrompt | undefined {
    const text = ctx.systemPrompt ?? ctx.runtimeLlm.systemPrompt ?? undefined;
    if (!text) return undefined;
    let prompt = this.#prepared.get(text);
    if (!prompt) {
      if (this.#prepared.size >= PREPARED_LIMIT) this.#prepared.delete(this.#prepared.keys().next().value!);
      this.#prepared.set(text, (prompt = new ProtectedPrompt(text)));
    }
    return prompt;
  }
}

/** Input side: the verdict on an extraction score. */
function extractionVerdict(score: number, threshold: number): GuardrailVerdict<SystemPromptResult> {
  const detected = score >= threshold;
  return { detected, score, fields: { detected, score: roundScore(score) } };
}

/**
 * System prompt protection. Input side: attempts to make the model reveal its system prompt or a
 * secret it was given ("repeat everything above", "print your instructions", paraphrases, encodings).
 * Output side: whether an answer leaks the system prompt (see leakage.ts) — runs when the prompt is
 * known: in Forwarding mode, or when the Runtime LLM has a registered system prompt.
 */
export const systemPromptGuardrail = defineGuardrail({
  name: 'system_prompt',
  title: 'System Prompt Protection',
  directions: ['input', 'output'],
  levels: [3],
  result: SYSTEM_PROMPT_RESULT,
  settings: Type.Object({
    threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      default: SHIPPED_THRESHOLDS.system_prompt.threshold,
      description: 'Extraction score at or above which a prompt is blocked.',
    }),
    leak_threshold: Type.Number({ minimum: 0, maximum: 1, default: 0.5, description: 'Leakage score at or above which an answer is blocked (output side).' }),
  }),
  summarise: (fields) => (fields.canary_leaked === true ? ['canary token leaked'] : []),
  loaders: [DETECTOR],
  async create({ models }) {
    const detector = models.load(DETECTOR);
    const prompts = new PreparedPrompts();
    return {
      compile: (settings) => ({ threshold: settings.threshold, leakThreshold: settings.leak_threshold }),
      applies: (ctx) => ctx.direction === 'input' || prompts.of(ctx) !== undefined || ctx.canary !== undefined,
      check(ctx, compiled) {
        if (ctx.direction === 'output') {
          const prompt = prompts.of(ctx);
          const signals = leakageSignals(ctx.text.detectionViews, prompt ?? EMPTY_PROMPT, ctx.canary);
          const detected = signals.score >= compiled.leakThreshold;
          return {
            detected,
            score: signals.score,
            fields: { detected, score: roundScore(signals.score), canary_leaked: signals.canary },
            ...(detected && prompt ? { spans: leakedSpans(ctx.message, prompt) } : {}),
          };
        }
        return extractionVerdict(detector.of(ctx.text).extraction, compiled.threshold);
      },
    };
  },
  // A backend judges extraction attempts (input side); leakage needs the protected prompt, which stays here.
  backend: {
    question: (ctx) => (ctx.direction === 'input' ? 'extraction' : undefined),
    decide: (_ctx, compiled, score) => extractionVerdict(score, compiled.threshold),
  },
});
