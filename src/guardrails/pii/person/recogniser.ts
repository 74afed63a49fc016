import type { ModelRecogniser } from '../engine.ts';
import type { Entity } from '../entities.ts';
import { CUE_WORDS, EVIDENCE_NONE, EVIDENCE_PERSONAL, EVIDENCE_STRUCTURE, EVIDENCE_WEIGHT, hasPersonalCue, hasTitleBefore } from './evidence.ts';
import { TokenView, type PersonVocabulary } from './features.ts';
import { readPersonModel, type PersonCalibration } from './model-files.ts';
import { Scorer, type PersonNetwork } from './network.ts';
import { PUNCT, tokenise, WORD } from './tokenise.ts';

/** A token is part of a name from this probability on. */
export const TOKEN_THRESHOLD = 0.5;

// Lower-case particles inside names: "Ludwig van Beethoven", "Maria de la Cruz".
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'la', 'le', 'du', 'da', 'di', 'del', 'della', 'dos', 'das', 'ten', 'ter', 'bin', 'ibn', 'al', 'el', 'y']);
const POSSESSIVE = /['’]s$/;
/** What may stand between two names of one list: "Ana, Bo and Cy", "Ana & Bo", "Ana / Bo". */
const LIST_GAP = /^\s*(?:,|;|\/|&|\+|and|or|und|et|y|e|i|og|en)?\s*(?:and\s+|&\s+)?$/i;

/** A run of name tokens: one candidate PERSON span. */
export interface NameSpan {
  start: number;
  end: number;
  /** Mean token probability of being a name. */
  probability: number;
  /** Name words in the span (initials and particles not counted). */
  words: number;
  /** Lower-case name words, to link repeated mentions. */
  parts: string[];
}

/** Scores candidate tokens and joins adjacent name tokens (across initials and particles) into spans. */
export function findNames(text: string, scorer: Scorer, vocabulary: PersonVocabulary): NameSpan[] {
  const tokens = tokenise(text);
  const view = new TokenView(text, tokens, vocabulary);
  const prob = new Float32Array(tokens.count);
  let any = false;
  for (let i = 0; i < tokens.count; i++) {
    if (!view.isCandidate(i) || CUE_WORDS.has(view.lower(i))) continue;
    prob[i] = scorer.score(view, i);
    if (prob[i]! >= TOKEN_THRESHOLD) any = true;
  }
  if (!any) return [];

  const isName = (i: number): boolean => i >= 0 && i < tokens.count && prob[i]! >= TOKEN_THRESHOLD;
  const gap = (a: number, b: number): boolean => !tokens.lineStart[b] && tokens.start[b]! - tokens.end[a]! <= 1;
  // "J." written as an initial: a single capital letter followed by a full stop.
  const isInitial = (i: number): boolean =>
    i >= 0 && i + 1 < tokens.count && tokens.kind[i] === WORD && tokens.end[i]! - tokens.start[i]! === 1 &&
    view.isCapitalised(i) && tokens.kind[i + 1] === PUNCT && text.charCodeAt(tokens.start[i + 1]!) === 46 &&
    tokens.start[i + 1] === tokens.end[i];

  const spans: NameSpan[] = [];
  for (let i = 0; i < tokens.count; i++) {
    if (!isName(i)) continue;
    let first = i;
    while (isInitial(first - 2) && gap(first - 1, first)) first -= 2;
    let last = i;
    let sum = prob[i]!;
    const parts = [view.lower(i)];
    for (;;) {
      const next = last + 1;
      if (POSSESSIVE.test(view.raw(last))) break;
      if (isName(next) && gap(last, next)) last = next;
      else if (isInitial(next) && gap(last, next) && isName(next + 2) && gap(next + 1, next + 2)) last = next + 2;
      else if (PARTICLES.has(view.lower(next)) && gap(last, next) && isName(next + 1) && gap(next, next + 1)) last = next + 1;
      else if (PARTICLES.has(view.lower(next)) && PARTICLES.has(view.lower(next + 1)) && isName(next + 2) && gap(last, next) && gap(next, next + 1) && gap(next + 1, next + 2)) last = next + 2;
      else break;
      sum += prob[last]!;
      parts.push(view.lower(last));
    }
    let end = tokens.end[last]!;
    if (POSSESSIVE.test(view.raw(last))) end -= 2;
    spans.push({ start: tokens.start[first]!, end, probability: sum / parts.length, words: parts.length, parts });
    i = last;
  }
  return spans;
}

/** Platt scaling of the mean token probability, fitted on held-out templates at training time. */
export function calibrate(probability: number, calibration: PersonCalibration): number {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
  return 1 / (1 + Math.exp(-(calibration.a * Math.log(p / (1 - p)) + calibration.b)));
}

/**
 * Evidence level of each span. Personal evidence spreads to other mentions of the same name and
 * to names listed together with an evidenced one ("cc: Ana Lima, Bo Chen").
 */
export function evidenceLevels(text: string, spans: readonly NameSpan[], otherPii: boolean): number[] {
  const levels = spans.map((s) => (otherPii || hasPersonalCue(text, s.start, s.end) ? EVIDENCE_PERSONAL : EVIDENCE_NONE));
  for (let changed = true; changed; ) {
    changed = false;
    const known = new Set(spans.flatMap((s, k) => (levels[k] === EVIDENCE_PERSONAL ? s.parts : [])));
    for (let k = 0; k < spans.length; k++) {
      if (levels[k] === EVIDENCE_PERSONAL) continue;
      const listed = (j: number): boolean =>
        j >= 0 && j < spans.length && levels[j] === EVIDENCE_PERSONAL &&
        LIST_GAP.test(j < k ? text.slice(spans[j]!.end, spans[k]!.start) : text.slice(spans[k]!.end, spans[j]!.start));
      if (spans[k]!.parts.some((p) => known.has(p)) || listed(k - 1) || listed(k + 1)) {
        levels[k] = EVIDENCE_PERSONAL;
        changed = true;
      }
    }
  }
  return levels.map((level, k) =>
    level === EVIDENCE_NONE && (spans[k]!.words >= 2 || hasTitleBefore(text, spans[k]!.start)) ? EVIDENCE_STRUCTURE : level,
  );
}

/** PERSON entities: name confidence (calibrated) weighted by the evidence that it is personal data. */
export function findPersons(text: string, scorer: Scorer, vocabulary: PersonVocabulary, calibration: PersonCalibration, otherPii: boolean): Entity[] {
  const spans = findNames(text, scorer, vocabulary);
  if (spans.length === 0) return [];
  const levels = evidenceLevels(text, spans, otherPii);
  return spans.map((s, k) => ({
    type: 'PERSON' as const,
    start: s.start,
    end: s.end,
    score: Math.round(calibrate(s.probability, calibration) * EVIDENCE_WEIGHT[levels[k]!]! * 1000) / 1000,
    source: `person-model/${['name', 'full-name', 'personal'][levels[k]!]}`,
  }));
}

export function personRecogniser(net: PersonNetwork, vocabulary: PersonVocabulary, calibration: PersonCalibration): ModelRecogniser {
  const scorer = new Scorer(net);
  return {
    name: 'person-model',
    entity: 'PERSON',
    find: (text, otherPii) => findPersons(text, scorer, vocabulary, calibration, otherPii),
  };
}

export async function loadPersonRecogniser(dir?: string): Promise<ModelRecogniser> {
  const model = await readPersonModel(dir);
  return personRecogniser(model.net, model.vocabulary, model.manifest.calibration);
}
