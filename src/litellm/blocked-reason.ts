import type { CheckOutcome } from '../engine/pipeline.ts';

type Block = Record<string, unknown>;

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * The categories a guardrail's block names, for a reason a person reads. Keyword rules are named
 * only as such: the reason reaches the end user through the gateway, and a rule's keyword is the
 * operator's secret.
 */
function categoriesOf(guardrail: string, block: Block | undefined, direction: 'input' | 'output'): string[] {
  if (!block) return [];
  switch (guardrail) {
    case 'llm':
      return ['prompt injection'];
    case 'pii':
      return unique(((block.entities as { type: string }[] | undefined) ?? []).map((e) => e.type));
    case 'content_moderation':
      return typeof block.category === 'string' ? block.category.replace(/^CATEGORIES:\s*/, '').split(/,\s*/) : [];
    case 'vector':
      return unique(((block.matches as { family: string }[] | undefined) ?? []).map((m) => m.family));
    case 'regex':
      return unique(((block.matches as { name: string }[] | undefined) ?? []).map((m) => m.name));
    case 'keyword':
      return ['keyword rule'];
    case 'system_prompt':
      if (block.canary_leaked === true) return ['canary leaked'];
      return [direction === 'input' ? 'system prompt extraction' : 'system prompt leakage'];
    default:
      return [];
  }
}

/** The guardrails that blocked one text: `llm (prompt injection), pii (CREDIT_CARD)`. */
function blockedText(outcome: CheckOutcome, direction: 'input' | 'output'): string {
  return outcome.blocked_by
    .map((guardrail) => {
      const categories = categoriesOf(guardrail, outcome.checks[guardrail], direction);
      return categories.length > 0 ? `${guardrail} (${categories.join(', ')})` : guardrail;
    })
    .join(', ');
}

/**
 * Why a LiteLLM call was blocked, naming for each blocked text (1-based, in the order sent) the
 * guardrails that blocked it and what they found, and the request id that finds its events.
 */
export function blockedReason(outcomes: readonly CheckOutcome[], direction: 'input' | 'output', requestId: string): string {
  const parts = outcomes.flatMap((outcome, i) => (outcome.injection_detected ? [`text ${i + 1} by ${blockedText(outcome, direction)}`] : []));
  const what = direction === 'input' ? 'request' : 'response';
  return `Rampart blocked the ${what}: ${parts.join('; ')}. Request id ${requestId}.`;
}
