import { Type, type Static } from '@sinclair/typebox';
import type { OperatorRules } from '../domain/rules.ts';
import type { GuardrailSlot } from '../engine/guardrail.ts';
import { AppError } from '../errors.ts';
import { compilePattern } from '../guardrails/regex/pattern.ts';
import { AnalysedText } from '../text/analysed-text.ts';

/** The kinds of rule a profile holds (Guardrails → Keyword / Regex → Add Rules). */
export const RULE_KINDS = ['keyword', 'regex'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export interface RuleTestInput {
  kind: RuleKind;
  keyword?: string;
  wholeWord?: boolean;
  pattern?: string;
  caseInsensitive?: boolean;
  text: string;
}

export const RULE_TEST_RESULT_SCHEMA = Type.Union([
  Type.Object(
    { valid: Type.Literal(false), error: Type.String({ description: 'Why the pattern is refused' }) },
    { additionalProperties: false, title: 'Invalid rule' },
  ),
  Type.Object(
    {
      valid: Type.Literal(true),
      matched: Type.Boolean({ description: 'The rule would block the text' }),
      spans: Type.Array(Type.Object({ start: Type.Integer(), end: Type.Integer(), text: Type.String() }, { additionalProperties: false }), {
        description: 'What matched: UTF-16 ranges of the text, end exclusive',
      }),
    },
    { additionalProperties: false, title: 'Tested rule' },
  ),
]);
export type RuleTestResult = Static<typeof RULE_TEST_RESULT_SCHEMA>;

/**
 * "Test this rule": runs one unsaved keyword or regex rule through the real guardrail (one of
 * `guardrails`, the appliance's) on sample text, so what the box shows is exactly what a check would
 * do. Bad patterns are reported, not saved.
 */
export async function testRule(guardrails: readonly GuardrailSlot[], input: RuleTestInput): Promise<RuleTestResult> {
  let rules: OperatorRules;
  if (input.kind === 'regex') {
    const pattern = input.pattern ?? '';
    const compiled = compilePattern(pattern, input.caseInsensitive ?? false);
    if (!compiled.ok) return { valid: false, error: compiled.message };
    rules = { keywords: [], regexes: [{ id: 'test', name: 'test', pattern, caseInsensitive: input.caseInsensitive ?? false, scope: 'both' }] };
  } else {
    const keyword = (input.keyword ?? '').trim();
    if (keyword.length === 0) return { valid: false, error: 'The keyword is empty.' };
    if (keyword.length > 200) return { valid: false, error: 'The keyword is longer than 200 characters.' };
    rules = { keywords: [{ id: 'test', keyword, wholeWord: input.wholeWord ?? true, scope: 'both' }], regexes: [] };
  }
  if (typeof input.text !== 'string') throw new AppError('invalid_field', 'The text must be a string.');
  const guardrail = guardrails.find((g) => g.name === input.kind)?.loaded?.guardrail;
  if (!guardrail) throw new AppError('unavailable', `The ${input.kind} guardrail is not available.`);
  const verdict = await guardrail.check(
    {
      direction: 'input',
      message: input.text,
      text: new AnalysedText(input.text),
      runtimeLlm: { id: 'test', name: 'test', mode: 'non-forwarding', systemPrompt: null },
    },
    guardrail.compile({}, rules),
  );
  const spans = (verdict.spans ?? []).map((s) => ({ start: s.start, end: s.end, text: input.text.slice(s.start, s.end) }));
  return { valid: true, matched: verdict.detected, spans };
}
