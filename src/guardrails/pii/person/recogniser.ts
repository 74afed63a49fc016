import type { ModelFileReader } from '../../../models/model-files.ts';
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
  hasTitleBefore,
  inAgentSlot,
  inContactSlot,
  inNameSlot,
  inVocativeSlot,
  personalCue,
} from './evidence.ts';
import { CASE_MIXED, COMMON_RANK, LEX_FIRST, LEX_LAST, NAME_PARTICLES, NAMENESS_EVEN, TokenView, type PersonVocabulary } from './features.ts';
import { readPersonModel, type PersonCalibration } from './model-files.ts';
import { Scorer, type PersonNetwork } from './network.ts';
import { hasRomanisedScript, romaniseText } from './romanise.ts';
import { isForeignText, spanTraits, traitOffset } from './span-traits.ts';
import { continuesPlaceName, inPlaceholder, isMarkupLabel, townsAfterAddresses } from './text-structure.ts';
import { PUNCT, tokenise, TokenBuffer, WORD } from './tokenise.ts';

/** A token starts a name from this probability on. */
export const TOKEN_THRESHOLD = 0.4;
/** A token next to a name joins it from this lower probability on ("Bowie Fioravanti" when only the family name is sure). */
export const JOIN_THRESHOLD = 0.25;

// Lower-case particles inside names: "Ludwig van Beethoven", "Maria de la Cruz", "Fatima bint Ahmed", "José Ortega y Gasset"
// ("bint", "abu" and "y" are not among the words features.ts holds never to be a name on their own).
const PARTICLES: ReadonlySet<string> = new Set([...NAME_PARTICLES, 'bint', 'abu', 'y']);
const POSSESSIVE = /['’]s$/;
const DOUBLE_BARRELLED = /^\p{Lu}\p{Ll}+-\p{Lu}\p{Ll}+$/u;
/** The lower probability from which a double-barrelled word joins a name next to it. */
const DOUBLE_BARRELLED_JOIN = 0.1;
/**
 * Other PII this close to a name (in UTF-16 units) makes it personal data: a record. Farther away,
 * in a long document, an e-mail address says nothing about a name three paragraphs later.
 */
const OTHER_PII_DISTANCE = 200;
/** What may stand between two names of one list: "Ana, Bo and Cy", "Ana & Bo", "Ana / Bo", "Ana together with Bo". */
const LIST_GAP = /^\s*(?:,|;|\/|&|\+|and|or|und|et|y|e|i|og|en|(?:together|along)\s+with)?\s*(?:and\s+|&\s+)?$/i;
/** A capitalised word more frequent than this is an everyday word even in a list of names ("Paris", "Rain"). */
const LIST_RANK = 10000;

/** Legal forms and words that make a name before them a company's: "Grimes LLC", "Pucci s.r.l.", "Swift Group". */
const COMPANY_FORMS: ReadonlySet<string> = new Set([
  'inc',
  'llc',
  'llp',
  'ltd',
  'plc',
  'corp',
  'co',
  'gmbh',
  'ag',
  'kg',
  'ohg',
  'se',
  'sa',
  'sas',
  'sarl',
  'eurl',
  'sca',
  'scs',
  'snc',
  'srl',
  's.r.l',
  'spa',
  'bv',
  'nv',
  'ab',
  'as',
  'asa',
  'oy',
  'oyj',
  'aps',
  'a/s',
  'kft',
  'zrt',
  'sp',
  's.r.o',
  'group',
  'holding',
  'holdings',
  'partners',
  'kommanditbolag',
  'handelsbolag',
  'limited',
  'company',
  'gruppe',
  'groep',
]);

function namesCompany(view: TokenView, i: number): boolean {
  const next = i + 1;
  return next < view.tokens.count && view.tokens.kind[next] === WORD && COMPANY_FORMS.has(view.lower(next));
}

/**
 * A capitalised rare word or known name right where a name is asked for ("Surname? Lindqvist",
 * "booked under Rantanen"), a word spelled like a name after who founded or leads something ("led
 * by Halonen") or addressed at the end of a sentence ("coming tonight, Jan?"), or a name known only without its
 * diacritics after a request to contact someone ("did you call Tomás?", as "tomas"): there the
 * model lacks the lexicon's word for it. A lone name the model doubts (it has no first name to
 * lean on) is read as a name in these slots, unless a company's legal form follows it.
 */
function answersNameSlot(view: TokenView, i: number): boolean {
  if (!view.isCapitalised(i) || namesCompany(view, i)) return false;
  const start = view.tokens.start[i]!;
  const rareOrKnown = view.rank(i) >= COMMON_RANK || view.lex(i) !== 0;
  if (rareOrKnown && inNameSlot(view.text, start)) return true;
  if (!view.isTitleCase(i)) return false;
  const spelledLikeName = view.isKnownName(i) || (view.rank(i) >= COMMON_RANK && view.namenessBucket(i) >= NAMENESS_EVEN - 1);
  if (spelledLikeName && inVocativeSlot(view.text, start, view.tokens.end[i]!)) return true;
  // After "founded by" a brand is as likely as a person: a rare word must also be spelled about like a name ("Halonen", not "Oxfam").
  if (inAgentSlot(view.text, start)) return spelledLikeName;
  return view.lex(i) === 0 && view.isKnownName(i) && inContactSlot(view.text, start);
}

/** Words between two names of one list: "Szabó, Keller", "Keller and Ortega", "Ana & Bo". */
const LIST_WORDS: ReadonlySet<string> = new Set(['and', 'und', 'et', 'y', 'e', 'i', 'og', 'en', 'ja', 'és', 'a', 've', 'și', 'или', 'и']);

/**
 * The previous item of a list that token i continues: the last token of the name before the list
 * separator ("," or a conjunction, or both) right before i, or -1.
 */
function previousListItem(view: TokenView, i: number): number {
  const { tokens } = view;
  let k = i - 1;
  if (k >= 0 && tokens.kind[k] === WORD && LIST_WORDS.has(view.lower(k))) k--;
  if (k >= 0 && tokens.kind[k] === PUNCT && view.text.charCodeAt(tokens.start[k]!) === 44) k--;
  return k < i - 1 && k >= 0 && !tokens.lineStart[k + 1] ? k : -1;
}

/**
 * A capitalised word that is no everyday word, listed after two or more names, is read as a name
 * too ("founded by Szabó, Keller and Ortega"): the list says what it is.
 */
function continuesListOfNames(view: TokenView, i: number, prob: Float32Array): boolean {
  if (!view.isCapitalised(i) || (view.rank(i) < LIST_RANK && view.lex(i) === 0) || namesCompany(view, i)) return false;
  let names = 0;
  for (let item = previousListItem(view, i); item >= 0 && prob[item]! >= TOKEN_THRESHOLD && view.isCapitalised(item); ) {
    names++;
    // The first token of this item: back over the rest of a multi-word name.
    let first = item;
    while (first > 0 && prob[first - 1]! >= TOKEN_THRESHOLD && view.tokens.kind[first - 1] === WORD && !view.tokens.lineStart[first]) first--;
    item = previousListItem(view, first);
  }
  return names >= 2;
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
  /** Its traits for the calibration (bits in SPAN_TRAITS order, see span-traits.ts). */
  traits: number;
}

/**
 * Scores candidate tokens and joins adjacent name tokens (across initials and particles) into spans.
 * `buffer`: token arrays to reuse (see TokenBuffer).
 */
export function findNames(text: string, scorer: Scorer, vocabulary: PersonVocabulary, buffer?: TokenBuffer): NameSpan[] {
  const tokens = tokenise(text, buffer);
  const view = new TokenView(text, tokens, vocabulary, scorer.viewBuffers);
  const prob = scorer.viewBuffers.probability;
  let any = false;
  for (let i = 0; i < tokens.count; i++) {
    if (!view.isCandidate(i) || CUE_WORDS.has(view.lower(i))) continue;
    prob[i] = scorer.score(view, i);
    if (prob[i]! < TOKEN_THRESHOLD && (answersNameSlot(view, i) || continuesListOfNames(view, i, prob))) prob[i] = TOKEN_THRESHOLD;
    if (prob[i]! >= TOKEN_THRESHOLD) any = true;
  }
  if (!any) return [];

  const isName = (i: number): boolean => prob[i]! >= TOKEN_THRESHOLD;
  // A double-barrelled word ("Schmidt-Weber") next to a name is its family name even when the model doubts it.
  const joins = (i: number): boolean =>
    i >= 0 && i < tokens.count && (prob[i]! >= JOIN_THRESHOLD || (prob[i]! >= DOUBLE_BARRELLED_JOIN && DOUBLE_BARRELLED.test(view.raw(i))));
  // In text that uses capitals a name does not run on into lower-case words ("mi hermana Ana").
  const sameCase = (a: number, b: number): boolean => view.caseMode !== CASE_MIXED || view.isCapitalised(a) === view.isCapitalised(b);
  // Next to "van der", "de la", "bin" a capitalised candidate is part of the name whatever its score.
  const afterParticle = (i: number): boolean => joins(i) || (i >= 0 && i < tokens.count && prob[i]! > 0 && view.isCapitalised(i));
  const gap = (a: number, b: number): boolean => !tokens.lineStart[b] && tokens.start[b]! - tokens.end[a]! <= 1;
  // "J." written as an initial: a single capital letter followed by a full stop.
  const isInitial = (i: number): boolean =>
    i >= 0 &&
    i + 1 < tokens.count &&
    tokens.kind[i] === WORD &&
    tokens.end[i]! - tokens.start[i]! === 1 &&
    view.isCapitalised(i) &&
    tokens.kind[i + 1] === PUNCT &&
    text.charCodeAt(tokens.start[i + 1]!) === 46 &&
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
  let foreign: boolean | undefined;
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
    foreign ??= isForeignText(view);
    const traits = spanTraits(view, first, last, parts.length, foreign);
    spans.push({ start: tokens.start[first]!, end, probability: sum / parts.length, words: parts.length, parts, traits });
    i = last;
  }
  return spans;
}

/** findNames, on the Latin spelling of a text with Cyrillic or Greek letters, with the spans mapped back to the text. */
function findNamesInAnyScript(text: string, scorer: Scorer, vocabulary: PersonVocabulary, buffer?: TokenBuffer): NameSpan[] {
  const romanised = romaniseText(text);
  if (!romanised) return findNames(text, scorer, vocabulary, buffer);
  const { origins } = romanised;
  return findNames(romanised.text, scorer, vocabulary, buffer).map((s) => ({ ...s, start: origins[s.start]!, end: origins[s.end]! }));
}

/** The PERSON score of a span from its mean token probability, evidence level and traits (see PersonCalibration). */
export function calibrate(probability: number, level: number, romanised: boolean, traits: number, calibration: PersonCalibration): number {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
  const offset = calibration.evidence[level]! + (romanised ? calibration.romanised : 0) + traitOffset(traits, calibration.traits);
  return 1 / (1 + Math.exp(-(calibration.a * Math.log(p / (1 - p)) + calibration.b + offset)));
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
    // A list of capitalised words in another alphabet is as often places as people: the token model knows no everyday words of those languages.
    if (s.probability < LISTED_PROBABILITY || !capitalised(text, s) || hasRomanisedScript(text.slice(s.start, s.end))) {
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
    // A name slot ("booked under …", "Surname: …") or the person spoken to ("coming tonight, Jan?") is a cue too.
    const slot = capitalised(text, s) && (inNameSlot(text, s.start) || inVocativeSlot(text, s.start, s.end));
    if (cue === CUE_STRONG || slot || (weak && s.words >= 2) || (capitalised(text, s) && hasTitleBefore(text, s.start))) return EVIDENCE_PERSONAL;
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
        j >= 0 &&
        j < spans.length &&
        levels[j] === EVIDENCE_PERSONAL &&
        LIST_GAP.test(j < k ? text.slice(spans[j]!.end, spans[k]!.start) : text.slice(spans[k]!.end, spans[j]!.start));
      if (spans[k]!.parts.some((p) => known.has(p)) || listed(k - 1) || listed(k + 1)) {
        levels[k] = EVIDENCE_PERSONAL;
        changed = true;
      }
    }
  }
  return levels.map((level, k) => (level === EVIDENCE_NONE && (spans[k]!.words >= 2 || hasTitleBefore(text, spans[k]!.start)) ? EVIDENCE_STRUCTURE : level));
}

/** A name found in a text and the level of evidence that it is personal data. */
export interface EvidencedName {
  span: NameSpan;
  level: number;
  /** Written in Cyrillic or Greek letters. */
  romanised: boolean;
}

/** The names of a text (any script the model reads) with their evidence levels. */
export function findEvidencedNames(
  text: string,
  scorer: Scorer,
  vocabulary: PersonVocabulary,
  others: readonly Entity[],
  buffer?: TokenBuffer,
): EvidencedName[] {
  const spans = findNamesInAnyScript(text, scorer, vocabulary, buffer);
  if (spans.length === 0) return [];
  const levels = evidenceLevels(text, spans, others);
  return spans.map((span, k) => ({ span, level: levels[k]!, romanised: hasRomanisedScript(text.slice(span.start, span.end)) }));
}

const LEVEL_NAMES: readonly string[] = ['name', 'full-name', 'weak-cue', 'personal'];

/** A short number right after a lone word: a product, a mission or a model ("Apollo 11", "Galaxy 9"), not a person. */
const MODEL_NUMBER_AFTER = /^ \d{1,3}(?![\d.,:/-]\d)(?!\p{L})/u;

/** A lone word in capitals that the lexicon does not know as a name, in text that also uses lower case: an acronym or emphasis ("COVID", "README"). */
function shoutedWord(text: string, span: NameSpan, vocabulary: PersonVocabulary): boolean {
  const word = text.slice(span.start, span.end);
  if (word !== word.toUpperCase() || word === word.toLowerCase() || text === text.toUpperCase()) return false;
  return ((vocabulary.words.lookUp(text, span.start, span.end) ?? 0) & (LEX_FIRST | LEX_LAST)) === 0;
}

/** PERSON entities: name confidence and the evidence that it is personal data, calibrated together. */
export function findPersons(
  text: string,
  scorer: Scorer,
  vocabulary: PersonVocabulary,
  calibration: PersonCalibration,
  others: readonly Entity[],
  buffer?: TokenBuffer,
): Entity[] {
  const found = findEvidencedNames(text, scorer, vocabulary, others, buffer);
  // A lone word without a cue: a product ("Apollo 11"), a placeholder, a Markdown label, or the town after an address is no person.
  const lone = (span: NameSpan, level: number): boolean => level === EVIDENCE_NONE && span.words === 1;
  // Next to an address, other PII is no cue: the town is as near to it as a name would be.
  const towns = townsAfterAddresses(
    text,
    found.map(({ span, level }) => ({ start: span.start, end: span.end, lone: span.words === 1 && level !== EVIDENCE_PERSONAL })),
    others,
  );
  const names = found.filter(
    ({ span, level }, k) =>
      !inPlaceholder(text, span.start, span.end) &&
      (!lone(span, level) ||
        (!MODEL_NUMBER_AFTER.test(text.slice(span.end, span.end + 6)) && !shoutedWord(text, span, vocabulary) && !isMarkupLabel(text, span.start, span.end))) &&
      !towns.has(k) &&
      (span.words > 1 || !continuesPlaceName(text, span.start, span.end, vocabulary.places)),
  );
  return names.map(({ span, level, romanised }) => ({
    type: 'PERSON' as const,
    start: span.start,
    end: span.end,
    score: Math.round(calibrate(span.probability, level, romanised, span.traits, calibration) * 1000) / 1000,
    source: `person-model/${LEVEL_NAMES[level]}`,
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

export async function loadPersonRecogniser(dir?: string, read?: ModelFileReader): Promise<ModelRecogniser> {
  const model = await readPersonModel(dir, read);
  return personRecogniser(model.net, model.vocabulary, model.manifest.calibration);
}
