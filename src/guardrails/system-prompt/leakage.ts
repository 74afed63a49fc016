import type { TextSpan } from '../../domain/check.ts';
import { normaliseForDetection } from '../../text/normalise.ts';

/**
 * Output-side system prompt protection: does an answer reveal the prompt it was given? Signals, each
 * read on every detection view of the answer (the normalised text and any decoded payload, so base64,
 * hex, ROT13 or reversed leaks count too):
 * - shared word n-grams (verbatim, partial, or reformatted as a list — punctuation and layout are gone
 *   after normalisation),
 * - the longest verbatim run of the prompt's words,
 * - distinctive tokens of the prompt (numbers, codes, names, URLs) reappearing — these survive
 *   translation and paraphrase,
 * - a per-request canary token planted in the prompt.
 */

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

export interface LeakageSignals {
  score: number;
  canary: boolean;
  /** Share of the prompt's word n-grams found in the answer. */
  overlap: number;
  /** Longest run of consecutive prompt words repeated verbatim. */
  longestRun: number;
  /** Share of the prompt's distinctive tokens found in the answer. */
  distinctiveRecall: number;
}

function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Distinctive tokens: carry digits, inner capitals, or are long capitalised names — rarely translated. */
function distinctiveTokens(original: string): Set<string> {
  const found = new Set<string>();
  for (const token of original.match(/[\p{L}\p{N}][\p{L}\p{N}._@/:-]*[\p{L}\p{N}]/gu) ?? []) {
    const hasDigit = /\p{N}/u.test(token) && token.length >= 3;
    const innerCapital = /\p{Ll}\p{Lu}/u.test(token);
    const symbol = /[._@/:]/.test(token) && token.length >= 5;
    if (hasDigit || innerCapital || symbol) found.add(token.toLowerCase());
  }
  return found;
}

/** A system prompt prepared once for many comparisons. */
export class ProtectedPrompt {
  readonly n: number;
  readonly wordCount: number;
  readonly shingles: ReadonlySet<string>;
  readonly distinctive: ReadonlySet<string>;

  constructor(systemPrompt: string) {
    const tokens = words(normaliseForDetection(systemPrompt));
    this.wordCount = tokens.length;
    // Short prompts compare shorter n-grams; long ones need longer n-grams to be distinctive.
    this.n = tokens.length >= 40 ? 4 : tokens.length >= 10 ? 3 : 2;
    const shingles = new Set<string>();
    for (let i = 0; i + this.n <= tokens.length; i++) shingles.add(tokens.slice(i, i + this.n).join(' '));
    this.shingles = shingles;
    this.distinctive = distinctiveTokens(systemPrompt);
  }
}

function compareView(view: string, prompt: ProtectedPrompt): { overlap: number; longestRun: number; distinctiveRecall: number } {
  const tokens = words(view);
  const matched = new Set<string>();
  let run = 0;
  let longestRun = 0;
  for (let i = 0; i + prompt.n <= tokens.length; i++) {
    const shingle = tokens.slice(i, i + prompt.n).join(' ');
    if (prompt.shingles.has(shingle)) {
      matched.add(shingle);
      run = run === 0 ? prompt.n : run + 1;
      longestRun = Math.max(longestRun, run);
    } else run = 0;
  }
  let distinctiveFound = 0;
  for (const token of prompt.distinctive) if (view.includes(token)) distinctiveFound++;
  return {
    overlap: prompt.shingles.size === 0 ? 0 : matched.size / prompt.shingles.size,
    longestRun,
    distinctiveRecall: prompt.distinctive.size === 0 ? 0 : distinctiveFound / prompt.distinctive.size,
  };
}

const ramp = (value: number, from: number, to: number) => Math.min(1, Math.max(0, (value - from) / (to - from)));

/** Leakage score in [0, 1] of an answer (its detection views) against a protected prompt. */
export function leakageSignals(answerViews: readonly string[], prompt: ProtectedPrompt, canary?: string): LeakageSignals {
  const canaryFound = canary !== undefined && answerViews.some((v) => v.replace(/[\s_-]+/g, '').includes(canary.toLowerCase().replace(/[\s_-]+/g, '')));
  let overlap = 0;
  let longestRun = 0;
  let distinctiveRecall = 0;
  for (const view of answerViews) {
    const signals = compareView(view, prompt);
    overlap = Math.max(overlap, signals.overlap);
    longestRun = Math.max(longestRun, signals.longestRun);
    distinctiveRecall = Math.max(distinctiveRecall, signals.distinctiveRecall);
  }
  const verbatim = Math.max(ramp(overlap, 0.1, 0.5), ramp(longestRun, 6, 15));
  // Distinctive tokens alone are weak evidence; they count when the prompt has several of them.
  const distinctive = prompt.distinctive.size >= 3 ? 0.9 * ramp(distinctiveRecall, 0.4, 0.8) : 0;
  const score = canaryFound ? 1 : Math.max(verbatim, distinctive);
  return { score, canary: canaryFound, overlap, longestRun, distinctiveRecall };
}

/**
 * Where in the answer as sent the prompt shows through, for highlighting: every run of the
 * prompt's word n-grams (each word compared in its normalised form) and every distinctive token.
 * Leaks found only in a decoded view (base64, reversed…) have no span in the original text.
 */
export function leakedSpans(answer: string, prompt: ProtectedPrompt): TextSpan[] {
  const tokens = [...answer.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, word: words(normaliseForDetection(m[0]))[0] ?? '' }));
  const spans: TextSpan[] = [];
  for (let i = 0; i + prompt.n <= tokens.length; i++) {
    const shingle = tokens
      .slice(i, i + prompt.n)
      .map((t) => t.word)
      .join(' ');
    if (prompt.shingles.has(shingle)) spans.push({ start: tokens[i]!.start, end: tokens[i + prompt.n - 1]!.end, label: 'system prompt' });
  }
  const lower = answer.toLowerCase();
  for (const token of prompt.distinctive) {
    for (let at = lower.indexOf(token); at !== -1; at = lower.indexOf(token, at + token.length))
      spans.push({ start: at, end: at + token.length, label: 'system prompt' });
  }
  return spans;
}
