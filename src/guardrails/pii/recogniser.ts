import type { EntityType } from './entities.ts';
import { digitRunBit, type TextGateResult, type Triggers } from './text-gate.ts';

/**
 * One regular expression of a recogniser. `score` is the confidence of a bare match; when the
 * recogniser's validator confirms the value (a checksum, a numbering plan) the score becomes
 * `validScore` instead, so a weak check (1 in 10 random strings pass) can confirm less than a
 * strong one (1 in 97).
 */
export interface Pattern extends Triggers {
  name: string;
  /** Must carry the `g` flag. A named group `value` narrows the reported span to that group (needs `d`). */
  regex?: RegExp;
  /** Instead of a regex: a hand-written scanner returning candidate [start, end) spans in text order. */
  find?: (text: string, gate: TextGateResult) => readonly (readonly [number, number])[];
  score: number;
  validScore?: number;
  /** On a failed validation, retry without the last separated group (a number followed by another). */
  shrink?: boolean;
  /**
   * A cheap test the text must pass before the (costlier) regex runs: a substring, a regex, or a
   * function of what the text gate's pass found (the longest digit run…).
   */
  requires?: string | RegExp | ((gate: TextGateResult) => boolean);
  /** As the recogniser's `numeric`, for this pattern alone (a dotted quad among IPv6 patterns). */
  numeric?: boolean;
}

/**
 * A declarative recogniser in the Presidio mould: patterns, context words that raise confidence,
 * words that lower it, and a validator that confirms or rejects a candidate.
 */
export interface PatternRecogniser {
  name: string;
  entity: EntityType;
  patterns: readonly Pattern[];
  /** Lower-case words or phrases; one of them shortly before (or after) a match raises its score. */
  context?: readonly string[];
  /** Lower-case words that mark a number as something else (order, version, invoice…). */
  negativeContext?: readonly string[];
  /** The pattern alone is never enough: only report when a context word is near (dates of birth). */
  requiresContext?: boolean;
  /**
   * Every match is a number or lies within DIGIT_REACH characters of its digits (a cue, a code's
   * letters): the patterns only run on the stretches of text around digits.
   */
  nearDigits?: boolean;
  /**
   * Every match is a number written with separators: at most NUMBER_REACH − 2 characters before
   * its first digit or after its last (a "+", a code's letters), digits at most 2 · NUMBER_REACH
   * apart ("+44 (0) 20 … ext. 42"). The patterns only run on the stretches within NUMBER_REACH of
   * digits. Implies `nearDigits`.
   */
  numeric?: boolean;
  /** Maps the matched text to the form the validator checks (default: strip spaces, dots and dashes). */
  normalise?: (raw: string) => string;
  /**
   * true: confirmed (score → validScore); false: rejected; undefined: format only (score
   * unchanged); a number: the score itself (a number valid in some numbering plan, but not shaped
   * surely enough for `validScore`).
   */
  validate?: (value: string, raw: string) => boolean | number | undefined;
}

export function defineRecogniser(recogniser: PatternRecogniser): PatternRecogniser {
  for (const pattern of recogniser.patterns) {
    if ((pattern.regex === undefined) === (pattern.find === undefined)) throw new Error(`${recogniser.name}/${pattern.name}: give a regex or a find function`);
    if (pattern.regex && !pattern.regex.global) throw new Error(`${recogniser.name}/${pattern.name}: regex needs the g flag`);
  }
  return recogniser;
}

const SEPARATORS = /[\s.\-/]/g;

export function stripSeparators(raw: string): string {
  return raw.replace(SEPARATORS, '');
}

/**
 * Boundaries shared by the patterns. A number glued to letters, to another number by a separator,
 * or to a decimal point is part of something longer (a GUID, a version, an order reference) and
 * must not match on its own.
 */
export const NUMBER_START = String.raw`(?<![\p{L}\p{N}_+\/#@]|[\p{L}\p{N}][\-_]|[\p{N}][.,\/: ]|[.,\-\/:][\p{N}])`;
export const NUMBER_END = String.raw`(?![\p{L}\p{N}_]|[.,\-\/: ][\p{N}]|[\-\/][\p{L}])`;
export const WORD_START = String.raw`(?<![\p{L}\p{N}_])`;
export const WORD_END = String.raw`(?![\p{L}\p{N}_])`;

/** Builds a global Unicode regex from pattern source pieces. */
export function re(source: string, flags = ''): RegExp {
  return new RegExp(source, `gu${flags}`);
}

/**
 * A `requires` test for number patterns: the text has a run of digits of each given length (a
 * number, or one of a [min, max] range). A run of digits between NUMBER_START and NUMBER_END
 * (or letters) is a whole run of the text, so `\d{9}` needs a run of exactly nine.
 */
export function digitRuns(...lengths: readonly (number | readonly [number, number])[]): (gate: TextGateResult) => boolean {
  const masks = lengths.map((length) => {
    const [min, max] = typeof length === 'number' ? [length, length] : length;
    let mask = 0;
    for (let n = min; n <= max; n++) mask |= digitRunBit(n);
    return mask;
  });
  return (gate) => masks.every((mask) => (gate.digitRuns & mask) !== 0);
}

const AT_NUMBER_START = new RegExp(NUMBER_START, 'uy');
const AT_NUMBER_END = new RegExp(NUMBER_END, 'uy');

/**
 * A `find` for a number that is one whole run of digits, `${NUMBER_START}\d{min,max}${NUMBER_END}`
 * (with `first`, a set of first digits: "[2-9]\d{11}"), read from the runs the text gate
 * recorded instead of searched for by a regex: the same spans.
 */
export function wholeDigitRun(min: number, max = min, first = '0123456789'): (text: string, gate: TextGateResult) => [number, number][] {
  return (text, { runs }) => {
    const found: [number, number][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const start = runs[r]!;
      const end = runs[r + 1]!;
      if (end - start < min || end - start > max || !first.includes(text[start]!)) continue;
      AT_NUMBER_START.lastIndex = start;
      AT_NUMBER_END.lastIndex = end;
      if (AT_NUMBER_START.test(text) && AT_NUMBER_END.test(text)) found.push([start, end]);
    }
    return found;
  };
}
