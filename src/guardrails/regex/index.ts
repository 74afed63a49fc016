import { Type } from '@sinclair/typebox';
import type { RE2JS } from 're2js';
import type { Direction, TextSpan } from '../../domain/check.ts';
import type { RegexRule } from '../../domain/rules.ts';
import { defineGuardrail, type CheckContext, type GuardrailVerdict } from '../../engine/guardrail.ts';
import type { ProfileRules } from '../../engine/ports.ts';
import { originalRange } from '../../text/fold.ts';
import { compilePattern } from './pattern.ts';
import { REGEX_RESULT, type RegexResult } from './result-schema.ts';

interface CompiledRule {
  rule: RegexRule;
  regex: RE2JS;
}

/** The kind of operator rules this guardrail keeps (store/profiles.ts files regex rules under it). */
const RULES = 'regexes';

function compileRegexes(_settings: unknown, rules: ProfileRules): Record<Direction, CompiledRule[]> {
  const compiled: CompiledRule[] = [];
  // The profile's regex rules, as the rule source delivers them.
  for (const rule of (rules[RULES] ?? []) as readonly RegexRule[]) {
    const result = compilePattern(rule.pattern, rule.caseInsensitive);
    // Patterns are validated when saved; one that no longer compiles is skipped rather than
    // breaking every check of the profile.
    if (result.ok) compiled.push({ rule, regex: result.regex });
  }
  const forDirection = (direction: Direction) => compiled.filter(({ rule }) => rule.scope === 'both' || rule.scope === direction);
  return { input: forDirection('input'), output: forDirection('output') };
}

function checkRegexes(ctx: CheckContext, compiled: Record<Direction, CompiledRule[]>): GuardrailVerdict<RegexResult> {
  const cleaned = ctx.text.cleaned;
  const matches: { rule_id: string; name: string }[] = [];
  const spans: TextSpan[] = [];
  for (const { rule, regex } of compiled[ctx.direction]) {
    const matcher = regex.matcher(cleaned.text);
    if (!matcher.find()) continue;
    matches.push({ rule_id: rule.id, name: rule.name });
    spans.push({ ...originalRange(cleaned, matcher.start(), matcher.end()), label: `regex:${rule.id}` });
  }
  const detected = matches.length > 0;
  return { detected, score: detected ? 1 : 0, fields: { detected, matches }, spans };
}

/**
 * Operator regular expressions, run by a linear-time RE2 engine on the message after NFKC and
 * invisible-character removal (case and spacing kept), so zero-width tricks do not split a match.
 */
export const regexGuardrail = defineGuardrail({
  name: 'regex',
  title: 'Regex',
  directions: ['input', 'output'],
  levels: [1, 2, 3],
  result: REGEX_RESULT,
  settings: Type.Object({}, { additionalProperties: false }),
  rules: RULES,
  summarise: (fields) => fields.matches.map((m) => `rule "${m.name}"`),
  create: async () => ({ compile: compileRegexes, check: checkRegexes }),
});
