import { Type } from '@sinclair/typebox';
import type { Direction, TextSpan } from '../../domain/check.ts';
import type { KeywordRule } from '../../domain/rules.ts';
import { defineGuardrail, type CheckContext, type GuardrailVerdict } from '../../engine/guardrail.ts';
import type { ProfileRules } from '../../engine/ports.ts';
import { foldForMatching, originalRange } from '../../text/fold.ts';
import { AhoCorasick } from './aho-corasick.ts';
import { KEYWORD_RESULT, type KeywordResult } from './result-schema.ts';

const WORD_CHAR = /[\p{L}\p{N}_]/u;
// Scripts written without spaces between words: a keyword there cannot require word boundaries.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

interface CompiledKeywords {
  byDirection: Record<Direction, { automaton: AhoCorasick; rulesByPattern: KeywordRule[][] } | null>;
}

function codePointBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text.slice(index - 1, index);
}

function codePointAt(text: string, index: number): string {
  const cp = text.codePointAt(index);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

function isBoundary(outside: string, inside: string): boolean {
  if (outside === '' || !WORD_CHAR.test(outside)) return true;
  if (!WORD_CHAR.test(inside)) return true;
  return UNSPACED_SCRIPT.test(outside) || UNSPACED_SCRIPT.test(inside);
}

function buildAutomaton(rules: readonly KeywordRule[]): CompiledKeywords['byDirection']['input'] {
  if (rules.length === 0) return null;
  const patternIndex = new Map<string, number>();
  const rulesByPattern: KeywordRule[][] = [];
  for (const rule of rules) {
    const folded = foldForMatching(rule.keyword).text;
    if (folded.length === 0) continue;
    let index = patternIndex.get(folded);
    if (index === undefined) {
      index = rulesByPattern.length;
      patternIndex.set(folded, index);
      rulesByPattern.push([]);
    }
    rulesByPattern[index]!.push(rule);
  }
  return { automaton: new AhoCorasick([...patternIndex.keys()]), rulesByPattern };
}

/** The kind of operator rules this guardrail keeps (store/profiles.ts files keyword rules under it). */
const RULES = 'keywords';

function compileKeywords(_settings: unknown, rules: ProfileRules): CompiledKeywords {
  // The profile's keyword rules, as the rule source delivers them.
  const keywords = (rules[RULES] ?? []) as readonly KeywordRule[];
  const forDirection = (direction: Direction) => buildAutomaton(keywords.filter((r) => r.scope === 'both' || r.scope === direction));
  return { byDirection: { input: forDirection('input'), output: forDirection('output') } };
}

function checkKeywords(ctx: CheckContext, compiled: CompiledKeywords): GuardrailVerdict<KeywordResult> {
  const table = compiled.byDirection[ctx.direction];
  const matches: { rule_id: string; keyword: string }[] = [];
  const spans: TextSpan[] = [];
  if (table) {
    const folded = ctx.text.folded;
    const seen = new Set<string>();
    for (const match of table.automaton.matches(folded.text)) {
      const first = codePointAt(folded.text, match.start);
      const last = codePointBefore(folded.text, match.end);
      const bounded = isBoundary(codePointBefore(folded.text, match.start), first) && isBoundary(codePointAt(folded.text, match.end), last);
      for (const rule of table.rulesByPattern[match.pattern]!) {
        if (rule.wholeWord && !bounded) continue;
        const range = originalRange(folded, match.start, match.end);
        spans.push({ ...range, label: `keyword:${rule.id}` });
        if (!seen.has(rule.id)) {
          seen.add(rule.id);
          matches.push({ rule_id: rule.id, keyword: rule.keyword });
        }
      }
    }
  }
  const detected = matches.length > 0;
  return { detected, score: detected ? 1 : 0, fields: { detected, matches }, spans };
}

/**
 * Operator keywords: case-insensitive, matched on the folded text (NFKC, invisible characters removed,
 * whitespace collapsed) so zero-width or full-width tricks do not hide a keyword; whole-word by default.
 */
export const keywordGuardrail = defineGuardrail({
  name: 'keyword',
  title: 'Keyword',
  directions: ['input', 'output'],
  levels: [1, 2, 3],
  result: KEYWORD_RESULT,
  settings: Type.Object({}, { additionalProperties: false }),
  rules: RULES,
  summarise: (fields) => fields.matches.map((m) => `keyword "${m.keyword}"`),
  create: async () => ({ compile: compileKeywords, check: checkKeywords }),
});
