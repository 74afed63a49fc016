import { RE2JS } from 're2js';

/** Longest pattern an operator may save; longer ones are almost always pasted data, not rules. */
export const MAX_PATTERN_LENGTH = 2000;

export type PatternCheck = { ok: true; regex: RE2JS } | { ok: false; message: string };

// RE2 syntax has no backtracking constructs; name them so the operator knows what to change.
const UNSUPPORTED: readonly [RegExp, string][] = [
  [/\(\?<?[=!]/, 'Lookahead and lookbehind assertions ((?=...), (?!...), (?<=...), (?<!...)) are not supported'],
  [/(^|[^\\])\\[1-9]/, 'Backreferences (\\1 ... \\9) are not supported'],
  [/\(\?>/, 'Atomic groups ((?>...)) are not supported'],
  [/[*+?}][+]/, 'Possessive quantifiers (*+, ++, ?+) are not supported'],
];

/**
 * Compiles an operator pattern with the linear-time RE2 engine, so no pattern can make a check hang.
 * Returns a message naming the problem when the pattern is invalid or uses unsupported syntax.
 */
export function compilePattern(pattern: string, caseInsensitive: boolean): PatternCheck {
  if (pattern.length === 0) return { ok: false, message: 'The pattern is empty.' };
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return { ok: false, message: `The pattern is ${pattern.length} characters long; the limit is ${MAX_PATTERN_LENGTH}.` };
  }
  for (const [construct, message] of UNSUPPORTED) {
    if (construct.test(pattern)) return { ok: false, message: `${message} (patterns use RE2 syntax, which runs in linear time).` };
  }
  try {
    const regex = RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
    // A pattern that matches nothing at all (a*, x?) would block every message.
    const probe = regex.matcher('\u0000 ');
    if (probe.find() && probe.start() === probe.end()) {
      return { ok: false, message: 'The pattern can match an empty string, so it would block every message.' };
    }
    return { ok: true, regex };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return { ok: false, message: `Invalid pattern: ${detail}.` };
  }
}
