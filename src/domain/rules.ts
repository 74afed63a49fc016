/** Which messages an operator rule applies to: prompts, answers, or both. */
export const RULE_SCOPES = ['input', 'output', 'both'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/** An operator keyword of a security profile (the keyword guardrail's rules). */
export interface KeywordRule {
  id: string;
  keyword: string;
  wholeWord: boolean;
  scope: RuleScope;
}

/** An operator regular expression of a security profile (the regex guardrail's rules). */
export interface RegexRule {
  id: string;
  name: string;
  pattern: string;
  caseInsensitive: boolean;
  scope: RuleScope;
}

/** Every kind of operator rule a security profile holds, as the database keeps and the admin API shows them. */
export type OperatorRules = {
  keywords: readonly KeywordRule[];
  regexes: readonly RegexRule[];
};
