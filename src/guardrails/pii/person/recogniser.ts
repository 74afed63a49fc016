import type { ModelRecogniser } from '../engine.ts';
import type { Entity } from '../entities.ts';
import {
  CUE_STRONG,
  CUE_WEAK,
  CUE_WORDS,
  EVIDENCE_NONE,
  EVIDENCE_PERSONAL,
  EVIDENCE_STRUCTURE,
  EVIDENCE_WEAK,
  EVIDENCE_WEIGHT,
  hasTitleBefore,
  inNameSlot,
  personalCue,
} from './evidence.ts';
import { CASE_MIXED, COMMON_RANK, LEX_LAST, TokenView, type PersonVocabulary } from './features.ts';
import { readPersonModel, type PersonCalibration } from './model-files.ts';
import { Scorer, type PersonNetwork } from './network.ts';
import { PUNCT, tokenise, TokenBuffer, WORD } from './tokenise.ts';

/** A token starts a name from this probability on. */
export const TOKEN_THRESHOLD = 0.4;
/** A token next to a name joins it from this lower probability on ("Bowie Fioravanti" when only the family name is sure). */
export const JOIN_THRESHOLD = 0.25;

// Lower-case particles inside names: "Ludwig van Beethoven", "Maria de la Cruz".
const PARTICLES: ReadonlySet<string> = new Set(['van', 'von', 'der', 'den', 'de', 'la', 'le', 'du', 'da', 'di', 'del', 'della', 'dos', 'das', 'los', 'ten', 'ter', 'zu', 'bin', 'bint', 'ibn', 'abu', 'al', 'el', 'y']);
const POSSESSIVE = /['’]s$/;
/**
 * Other PII this close to a name (in UTF-16 units) makes it personal data: a record. Farther away,
 * in a long document, an e-mail address says nothing about a name three paragraphs later.
 */
const OTHER_PII_DISTANCE = 200;
/** What may stand between two names of one list: "Ana, Bo and Cy", "Ana & Bo", "Ana / Bo". */
const LIST_GAP = /^\s*(?:,|;|\/|&|\+|and|or|und|et|y|e|i|og|en)?\s*(?:and\s+|&\s+)?$/i;

/** A capitalised rare word or known family name right where a name is asked for ("Surname? Lindqvist"). */
function answersNameSlot(view: TokenView, i: number): boolean {
  if (!view.isCapitalised(i) || (view.rank(i) < COMMON_RANK && (view.lex(i) & LEX_LAST) === 0)) return false;
  return inNameSlot(view.text, view.tokens.start[i]!);
}

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

/**
 * Scores candidate tokens and joins adjacent name tokens (across initials and particles) into spans.
 * `buffer`: token arrays to reuse (see TokenBuffer).
 */
export function findNames(text: string, scorer: Scorer, vocabulary: PersonVocabulary, buffer?: TokenBuffer): NameSpan[] {
  const tokens = tokenise(text, buffer);
  const view = new TokenView(text, tokens, vocabulary);
  const prob = new Float32Array(tokens.count);
  let any = false;
  for (let i = 0; i < tokens.count; i++) {
    if (!view.isCandidate(i) || CUE_WORDS.has(view.lower(i))) continue;
    prob[i] = scorer.score(view, i);
    if (prob[i]! < TOKEN_THRESHOLD && answersNameSlot(view, i)) prob[i] = TOKEN_THRESHOLD;
    if (prob[i]! >= TOKEN_THRESHOLD) any = true;
  }
  if (!any) return [];

  const isName = (i: number): boolean => prob[i]! >= TOKEN_THRESHOLD;
  const joins = (i: number): boolean => i >= 0 && i < tokens.count && prob[i]! >= JOIN_THRESHOLD;
  // In text that uses capitals a name does not run on into lower-case words ("mi hermana Ana").
  const sameCase = (a: number, b: number): boolean => view.caseMode !== CASE_MIXED || view.isCapitalised(a) === view.isCapitalised(b);
  // Next to "van der", "de la", "bin" a capitalised candidate is part of the name whatever its score.
  const afterParticle = (i: number): boolean => joins(i) || (i >= 0 && i < tokens.count && prob[i]! > 0 && view.isCapitalised(i));
  const gap = (a: number, b: number): boolean => !tokens.lineStart[b] && tokens.start[b]! - tokens.end[a]! <= 1;
  // "J." written as an initial: a single capital letter followed by a full stop.
  const isInitial = (i: number): boolean =>
    i >= 0 && i + 1 < tokens.count && tokens.kind[i] === WORD && tokens.end[i]! - tokens.start[i]! === 1 &&
    view.isCapitalised(i) && tokens.kind[i + 1] === PUNCT && text.charCodeAt(tokens.start[i + 1]!) === 46 &&
    tokens.start[i + 1] === tokens.end[i];

  /** The next name token from `at` towards `dir` (over an initial or up to two particles), or -1. */
  const reach = (at: number, dir: 1 | -1): number => {
    const linked = (a: number, b: number): boolean => (dir > 0 ? gap(a, b) : gap(b, a));
    const next = at + dir;
    if (next < 0 || next >= tokens.count || !linked(at, next)) return -1;
    if (joins(next) && sameCase(at, next)) return next;
    if (dir > 0 && isInitial(next) && joins(next + 2) && gap(next + 1, next + 2)) return next + 2;
    for (let k = next, particles = 0; particles < 2 && PARTICLES.has(view.lower(k)); particles++, k += dir) {
      if (!linked(k, k + dir)) return -1;
      if (afterParticle(k + dir)) return k + dir;
    }
    return -1;
  };

  const spans: NameSpan[] = [];
  for (let i = 0; i < tokens.count; i++) {
    if (!isName(i)) continue;
    let first = i;
    let sum = prob[i]!;
    const parts = [view.lower(i)];
    for (let previous = reach(first, -1); previous >= 0; previous = reach(first, -1)) {
      if (POSSESSIVE.test(view.raw(previous)) || (spans.length > 0 && spans.at(-1)!.end > tokens.start[previous]!)) break;
      first = previous;
      sum += prob[first]!;
      parts.unshift(view.lower(first));
    }
    while (isInitial(first - 2) && gap(first - 1, first)) first -= 2;
    let last = i;
    for (let next = reach(last, 1); next >= 0 && !POSSESSIVE.test(view.raw(last)); next = reach(last, 1)) {
      last = next;
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

/** Names in one list from this many on are personal data whatever the sentence around them. */
const MIN_LISTED = 3;
/** Only names at least this likely count as list members (foreign prose yields runs of doubtful capitalised words). */
const LISTED_PROBABILITY = 0.5;
/** An explicit list separator: a comma, a semicolon, "&" or a conjunction (not a mere space). */
const LIST_SEPARATOR = /^\s*(?:[,;&]|and|und|et|y|e|i|og|en|ja|és|a)\s*(?:and\s+|&\s+)?$/i;

/** Whether the span starts with a capital letter (in lower-case text a title proves nothing). */
function capitalised(text: string, s: NameSpan): boolean {
  const first = text[s.start]!;
  return first !== first.toLowerCase();
}

/** Runs of confident, capitalised spans separated by list punctuation or a conjunction, as index lists. */
function listRuns(text: string, spans: readonly NameSpan[]): number[][] {
  const runs: number[][] = [];
  let previous = -1;
  spans.forEach((s, k) => {
    if (s.probability < LISTED_PROBABILITY || !capitalised(text, s)) {
      previous = -1;
      return;
    }
    if (previous >= 0 && LIST_SEPARATOR.test(text.slice(spans[previous]!.end, s.start))) runs.at(-1)!.push(k);
    else runs.push([k]);
    previous = k;
  });
  return runs;
}

/**
 * Evidence level of each span. Personal evidence spreads to other mentions of the same name and
 * to names listed together with an evidenced one ("cc: Ana Lima, Bo Chen").
 */
export function evidenceLevels(text: string, spans: readonly NameSpan[], others: readonly Entity[]): number[] {
  const near = (s: NameSpan): boolean => others.some((e) => e.start < s.end + OTHER_PII_DISTANCE && s.start - OTHER_PII_DISTANCE < e.end);
  const levels = spans.map((s) => {
    const cue = personalCue(text, s.start, s.end);
    const weak = cue === CUE_WEAK || near(s);
    // A full name with a weak cue ("I'm Ana Lima") is personal; a lone word next to other PII may be
    // a label or a brand ("Login from 10.0.0.1"), and "I'm tired" is not a name at all: weak evidence.
    // A title names a particular person ("ask Dr. Kovács").
    if (cue === CUE_STRONG || (weak && s.words >= 2) || (capitalised(text, s) && hasTitleBefore(text, s.start))) return EVIDENCE_PERSONAL;
    return weak ? EVIDENCE_WEAK : EVIDENCE_NONE;
  });
  // Three or more confident names listed together are people the text deals with ("Szabó, Keller and Ortega").
  for (const run of listRuns(text, spans)) if (run.length >= MIN_LISTED) for (const k of run) levels[k] = EVIDENCE_PERSONAL;
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
export function findPersons(
  text: string,
  scorer: Scorer,
  vocabulary: PersonVocabulary,
  calibration: PersonCalibration,
  others: readonly Entity[],
  buffer?: TokenBuffer,
): Entity[] {
  const spans = findNames(text, scorer, vocabulary, buffer);
  if (spans.length === 0) return [];
  const levels = evidenceLevels(text, spans, others);
  return spans.map((s, k) => ({
    type: 'PERSON' as const,
    start: s.start,
    end: s.end,
    score: Math.round(calibrate(s.probability, calibration) * EVIDENCE_WEIGHT[levels[k]!]! * 1000) / 1000,
    source: `person-model/${['name', 'full-name', 'weak-cue', 'personal'][levels[k]!]}`,
  }));
}

export function personRecogniser(net: PersonNetwork, vocabulary: PersonVocabulary, calibration: PersonCalibration): ModelRecogniser {
  // Scratch arrays of this recogniser alone: it scans one text at a time.
  const scorer = new Scorer(net);
  const buffer = new TokenBuffer();
  return {
    name: 'person-model',
    entity: 'PERSON',
    find: (text, others) => findPersons(text, scorer, vocabulary, calibration, others, buffer),
  };
}

export async function loadPersonRecogniser(dir?: string): Promise<ModelRecogniser> {
  const model = await readPersonModel(dir);
  return personRecogniser(model.net, model.vocabulary, model.manifest.calibration);
}
