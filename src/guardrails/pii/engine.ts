import { contextMatcher, hasContext, hasNegativeContext } from './context.ts';
import type { Entity, EntityType } from './entities.ts';
import { stripSeparators, type Pattern, type PatternRecogniser } from './recogniser.ts';
import { TextGate, type TextGateResult } from './text-gate.ts';

/** Confidence added when a context word is near, and removed when a negative one just precedes. */
export const CONTEXT_BOOST = 0.35;
export const NEGATIVE_CONTEXT_PENALTY = 0.4;
const MAX_SHRINKS = 3;
const LAST_GROUP = /[\s.\-/]+[^\s.\-/]*$/;

/** A recogniser that finds entities by other means than patterns (the PERSON model). */
export interface ModelRecogniser {
  name: string;
  entity: EntityType;
  /** `others`: what the pattern recognisers found in the text (PII next to a name is evidence for it). */
  find(text: string, others: readonly Entity[]): Entity[];
}

interface CompiledPatternRecogniser {
  recogniser: PatternRecogniser;
  context: RegExp | undefined;
  negative: RegExp | undefined;
  /** Per pattern: its bit in the text gate, or -1 when it has no triggers. */
  gateBits: number[];
  /** When every pattern requires a substring or a regex match: one search for any of them. */
  anyRequired: RegExp | undefined;
}

/**
 * One regex that matches wherever one of the patterns' textual requirements does, when they all
 * have one (strings, or regexes without flags other than `i`): a text without any is passed over
 * after one search instead of one per pattern.
 */
function anyRequirement(patterns: readonly Pattern[]): RegExp | undefined {
  const sources: string[] = [];
  for (const { requires } of patterns) {
    if (typeof requires === 'string') sources.push(requires.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
    else if (requires instanceof RegExp && /^i?$/.test(requires.flags))
      sources.push(requires.flags === 'i' ? `(?i:${requires.source})` : `(?:${requires.source})`);
    else return undefined;
  }
  return sources.length > 1 ? new RegExp(sources.join('|')) : undefined;
}

function passes(requires: Pattern['requires'], text: string, gate: TextGateResult): boolean {
  if (requires === undefined) return true;
  if (typeof requires === 'string') return text.includes(requires);
  return typeof requires === 'function' ? requires(gate) : requires.test(text);
}

/**
 * Where patterns run: the stretches of the text near digits joined into one string by line breaks,
 * so that a pattern runs once instead of once per stretch. No match can span a break: a match lies
 * within the reach of its own digits and stretches further apart were not merged. `starts[k]` is
 * where stretch k begins in `text`, `origins[k]` where it begins in the scanned text.
 */
interface Part {
  text: string;
  starts: number[];
  origins: number[];
}

interface TextParts {
  whole: Part;
  /** The stretches near digits (see TextGateResult). */
  digits: Part;
  numbers: Part;
}

function joinWindows(text: string, windows: readonly number[]): Part {
  const part: Part = { text: '', starts: [], origins: [] };
  const pieces: string[] = [];
  let length = 0;
  for (let w = 0; w < windows.length; w += 2) {
    part.starts.push(length);
    part.origins.push(windows[w]!);
    pieces.push(text.slice(windows[w], windows[w + 1]));
    length += windows[w + 1]! - windows[w]! + 1;
  }
  part.text = pieces.join('\n');
  return part;
}

/** The span a match reports: its `value` group when the pattern has one. */
function matchSpan(match: RegExpExecArray): [number, number] {
  const group = match.indices?.groups?.value;
  return group ? [group[0], group[1]] : [match.index, match.index + match[0].length];
}

/** The recognisers of one profile, compiled once, and the scan over a text. */
export class PiiEngine {
  readonly #patterns: CompiledPatternRecogniser[];
  readonly #models: readonly ModelRecogniser[];
  readonly #minScore: number;

  readonly #gate: TextGate;

  constructor(patterns: readonly PatternRecogniser[], models: readonly ModelRecogniser[], minScore: number) {
    const triggered: Pattern[] = [];
    this.#patterns = patterns.map((recogniser) => ({
      recogniser,
      context: contextMatcher(recogniser.context),
      negative: contextMatcher(recogniser.negativeContext, true),
      gateBits: recogniser.patterns.map((pattern) => (pattern.words || pattern.suffixes ? triggered.push(pattern) - 1 : -1)),
      anyRequired: anyRequirement(recogniser.patterns),
    }));
    this.#gate = new TextGate(triggered);
    this.#models = models;
    this.#minScore = minScore;
  }

  /** Every entity scoring at least the minimum, overlaps resolved, in text order. */
  scan(text: string): Entity[] {
    const candidates: Entity[] = [];
    const gate = this.#gate.scan(text);
    const parts: TextParts = {
      whole: { text, starts: [0], origins: [0] },
      digits: joinWindows(text, gate.digitWindows),
      numbers: joinWindows(text, gate.numberWindows),
    };
    for (const compiled of this.#patterns) this.#scanRecogniser(text, gate, parts, compiled, candidates);
    const patternEntities = candidates.slice();
    for (const model of this.#models) {
      for (const entity of model.find(text, patternEntities)) {
        // A pattern match owns its characters: "Via Roma 5" is an address, not a person named Roma.
        if (entity.score >= this.#minScore && !overlapsAny(entity, patternEntities)) candidates.push(entity);
      }
    }
    return resolveOverlaps(candidates);
  }

  #scanRecogniser(text: string, gate: TextGateResult, parts: TextParts, compiled: CompiledPatternRecogniser, out: Entity[]): void {
    const { recogniser } = compiled;
    if ((recogniser.nearDigits || recogniser.numeric) && gate.digitWindows.length === 0) return;
    // A recogniser that needs a context word finds nothing in a text without one.
    if (recogniser.requiresContext && !compiled.context?.test(text)) return;
    if (compiled.anyRequired && !compiled.anyRequired.test(text)) return;
    recogniser.patterns.forEach((pattern, k) => {
      const bit = compiled.gateBits[k]!;
      if ((bit >= 0 && (gate.triggered & (1 << bit)) === 0) || !passes(pattern.requires, text, gate)) return;
      if (pattern.find) {
        for (const [start, end] of pattern.find(text, gate)) this.#consider(text, compiled, pattern, start, end, out);
        return;
      }
      const part = (pattern.numeric ?? recogniser.numeric) ? parts.numbers : recogniser.nearDigits ? parts.digits : parts.whole;
      const regex = pattern.regex!;
      regex.lastIndex = 0;
      let w = 0;
      for (let match = regex.exec(part.text); match !== null; match = regex.exec(part.text)) {
        const [start, end] = matchSpan(match);
        while (w + 1 < part.starts.length && part.starts[w + 1]! <= start) w++;
        const shift = part.origins[w]! - part.starts[w]!;
        this.#consider(text, compiled, pattern, start + shift, end + shift, out);
      }
    });
  }

  /** Validates, shrinks, scores and context-checks one candidate span. */
  #consider(text: string, compiled: CompiledPatternRecogniser, pattern: Pattern, start: number, end: number, out: Entity[]): void {
    const { recogniser } = compiled;
    let score = baseScore(recogniser, pattern, text.slice(start, end));
    for (let shrinks = 0; score === undefined && pattern.shrink && shrinks < MAX_SHRINKS; shrinks++) {
      const shorter = text.slice(start, end).replace(LAST_GROUP, '');
      if (shorter.length === end - start || shorter.length === 0) break;
      end = start + shorter.length;
      score = baseScore(recogniser, pattern, shorter);
    }
    if (score === undefined) return;
    const positive = hasContext(compiled.context, text, start, end);
    if (recogniser.requiresContext && !positive) return;
    if (positive) score += CONTEXT_BOOST;
    if (hasNegativeContext(compiled.negative, text, start)) score -= NEGATIVE_CONTEXT_PENALTY;
    score = Math.min(1, score);
    if (score >= this.#minScore) {
      out.push({ type: recogniser.entity, start, end, score: round(score), source: `${recogniser.name}/${pattern.name}` });
    }
  }
}

/** Pattern score after validation, or undefined when the validator rejects the candidate. */
function baseScore(recogniser: PatternRecogniser, pattern: Pattern, raw: string): number | undefined {
  if (!recogniser.validate) return pattern.score;
  const value = recogniser.normalise ? recogniser.normalise(raw) : stripSeparators(raw);
  const verdict = recogniser.validate(value, raw);
  if (verdict === false) return undefined;
  if (typeof verdict === 'number') return verdict;
  return verdict === true ? (pattern.validScore ?? 1) : pattern.score;
}

function overlapsAny(entity: Entity, others: readonly Entity[]): boolean {
  return others.some((other) => entity.start < other.end && other.start < entity.end);
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/** Keeps the strongest of overlapping candidates (higher score, then longer), returned in text order. */
export function resolveOverlaps(candidates: Entity[]): Entity[] {
  if (candidates.length < 2) return candidates;
  const ranked = candidates.toSorted((a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Entity[] = [];
  for (const candidate of ranked) {
    if (!kept.some((k) => candidate.start < k.end && k.start < candidate.end)) kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}
