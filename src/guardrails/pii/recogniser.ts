import type { EntityType } from './entities.ts';
import type { TextGateResult, Triggers } from './text-gate.ts';

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
  find?: (text: string) => readonly (readonly [number, number])[];
  score: number;
  validScore?: number;
  /** On a failed validation, retry without the last separated group (a number followed by another). */
  shrink?: boolean;
  /**
   * A cheap test the text must pass before the (costlier) regex runs: a substring, a regex, or a
   * function of what the text gate's pass found (the longest digit run…).
   */
  requires?: string | RegExp | ((gate: TextGateResult) => boolean);
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
  /** Maps the matched text to the form the validator checks (default: strip spaces, dots and dashes). */
  normalise?: (raw: string) => string;
  /** true: confirmed (score → validScore); false: rejected; undefined: format only (score unchanged). */
  validate?: (value: string, raw: string) => boolean | undefined;
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
