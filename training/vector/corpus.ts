import { createHash } from 'node:crypto';
import { normaliseForDetection } from '../../src/text/normalise.ts';
import type { DatasetRow } from '../dataset.ts';
import { FOLDS, foldOf } from '../folds.ts';
import { isExcluded } from '../licences.ts';
import {
  benignLookalikes,
  framingSlice,
  harmlessFramings,
  indirectInjection,
  jailbreakWrap,
  persuasiveFraming,
  soupSlice,
  symbolHeavyBenign,
  transliteratedAttacks,
  withSubwordPieces,
} from '../attack-families.ts';
import { figurativeRequests, generateAttack, generateBenignPersona, generateBenignTrigger, type TemplateKind } from '../attack-templates.ts';
import { PHRASES } from '../multilingual-phrases.ts';
import { Random } from '../random.ts';
import { familyOf } from './families.ts';

/** One text the encoder trains or validates on. */
export interface CorpusText {
  /** Normalised text (what the encoder reads at inference). */
  text: string;
  attack: boolean;
  /** A hard-benign text (label benign_hard, or a composed look-alike): harmless, but built to resemble an attack or a hazard. */
  hard: boolean;
  /** Store family of an attack ("jailbreak/persuasion"); empty for benign texts. */
  family: string;
  /** Finer group for contrastive positives: the family plus the source's own sub-label. */
  cluster: string;
  /** The dataset's category value (kept as a seed entry's category). */
  category: string;
  /** Source file (or `synthetic:…`), the unit of grouped validation. */
  source: string;
  /** Validation fold of the source; -1 = hand-written material every fold trains on. */
  fold: number;
}

/** Benign sources are capped at this many rows (an even spread of them): more adds time (every fold mines and scores them all), not information. */
const MAX_BENIGN_PER_SOURCE = 4_000;
/** Attacks (and benign look-alikes) composed from the hand-written parts, per kind. */
const COMPOSED_PER_KIND = 200;
const ATTACK_LABELS = new Set(['injection', 'jailbreak', 'prompt_extraction']);
const BENIGN_LABELS = new Set(['benign', 'benign_hard']);
// Indirect-injection payloads are ordinary requests on their own ("What is the capital of Brazil?");
// they only become attacks inside a document, so they are neither seed entries nor negatives.
const NOT_STANDALONE = /BIPIA__attack_payloads/;
/**
 * Harmful-request sources whose rows read as requests (not tweets, statements or chat openers), and
 * the share of them wrapped in a jailbreak frame of `jailbreakWrap`; the others get a persuasive
 * framing. HarmfulQA's generated academic questions read as study questions and stay out.
 */
const REQUEST_SOURCES = /advbench|harmbench|malicious_instruct|GPTFuzz__question_list|red-instruct|FuzzyAI__harmful/;
const WRAPPED_SHARE = 0.5;
/** Source prefix of wrapped requests (`wrapped:role-play`, …). */
export const WRAPPED_SOURCE = 'wrapped:';
const MAX_WRAPPED_REQUEST = 400;
/** Indirect injections (documents, tool output, forged transcripts) composed from hand-written parts. */
const INDIRECT_INJECTIONS = 300;
/**
 * Soups also draw from frequent English words (frequency ranks 100 to 20,100, letters only).
 * Real optimised suffixes are made of whatever tokens the optimiser found; with the few hand-written
 * soup words alone the encoder learnt those words rather than what a soup looks like. With thousands
 * of words a slice, no soup word recurs often enough to be learnt for itself.
 */
const SOUP_COMMON_WORDS: readonly [number, number] = [100, 20_100];

/** A composed benign look-alike: harmless, but built to resemble an attack; every fold trains on it. */
function lookAlike(text: string): CorpusText {
  return {
    text: normaliseForDetection(text),
    attack: false,
    hard: true,
    family: '',
    cluster: '',
    category: 'composed',
    source: 'synthetic:look-alikes',
    fold: -1,
  };
}

/** A short, stable id for a seed entry: a hash of its normalised text (the text itself is never shipped). */
export function seedId(normalised: string): string {
  return `s_${createHash('sha256').update(normalised).digest('base64url').slice(0, 10)}`;
}

/**
 * The texts of the training split the encoder learns from: attack rows (injection, jailbreak,
 * prompt extraction) with their family, and benign rows as negatives. Exact duplicates after
 * normalisation are dropped (the first file keeps the text, so a copy never sits in another fold).
 * Hand-written multilingual attacks and everyday questions (training/multilingual-phrases.ts) join
 * every fold, so the store also covers attacks phrased in other languages, and so do attacks
 * composed from hand-written parts (training/attack-templates.ts: overrides, personas, extraction
 * requests, documents carrying instructions) with their benign look-alikes (personas, requests that
 * use trigger words, figurative language), so the canonical forms of each attack kind are covered.
 * `wordsByFrequency` (GloVe's words, most frequent first) supplies words for the adversarial soups.
 */
export function buildVectorCorpus(rows: readonly DatasetRow[], excludedLicences: readonly string[], wordsByFrequency: readonly string[]): CorpusText[] {
  const seen = new Set<string>();
  const out: CorpusText[] = [];
  const push = (t: CorpusText) => {
    if (t.text.trim() === '' || seen.has(t.text)) return;
    seen.add(t.text);
    out.push(t);
  };
  const benignPerFile = new Map<string, number>();
  for (const r of rows) if (BENIGN_LABELS.has(r.label)) benignPerFile.set(r.file, (benignPerFile.get(r.file) ?? 0) + 1);
  const position = new Map<string, number>();
  for (const r of rows) {
    if (NOT_STANDALONE.test(r.file) || isExcluded(r, excludedLicences)) continue;
    const attack = ATTACK_LABELS.has(r.label);
    if (!attack && !BENIGN_LABELS.has(r.label)) continue;
    if (!attack) {
      const k = position.get(r.file) ?? 0;
      position.set(r.file, k + 1);
      const stride = Math.max(1, benignPerFile.get(r.file)! / MAX_BENIGN_PER_SOURCE);
      if (Math.floor(k / stride) === Math.floor((k - 1) / stride)) continue;
    }
    const family = attack ? familyOf(r) : '';
    const sub = r.category.split(':')[0] ?? '';
    push({
      text: normaliseForDetection(r.text),
      attack,
      hard: r.label === 'benign_hard',
      family,
      cluster: attack ? `${family}|${r.file}|${sub}` : '',
      category: r.category,
      source: r.file,
      fold: foldOf(r.file),
    });
  }
  pushWrappedRequests(rows, excludedLicences, wordsByFrequency, push);
  for (const [lang, p] of Object.entries(PHRASES)) {
    const written = (family: string, texts: readonly string[]) => {
      for (const t of texts)
        push({
          text: normaliseForDetection(t),
          attack: true,
          hard: false,
          family,
          cluster: `${family}|multilingual`,
          category: `multilingual:${lang}`,
          source: 'synthetic:multilingual',
          fold: -1,
        });
    };
    written('injection/instruction-override', p.override);
    written('prompt_extraction/system-prompt', p.extraction);
    written('prompt_extraction/secret', p.secret);
    written('jailbreak/unrestricted-persona', p.unrestricted);
    for (const t of p.benign)
      push({
        text: normaliseForDetection(t),
        attack: false,
        hard: false,
        family: '',
        cluster: '',
        category: `multilingual:${lang}`,
        source: 'synthetic:multilingual',
        fold: -1,
      });
  }
  const rng = new Random(20_20);
  // Attacks composed from hand-written parts: prior knowledge every fold trains on.
  const pushComposed = (text: string, family: string) =>
    push({
      text: normaliseForDetection(text),
      attack: true,
      hard: false,
      family,
      cluster: `${family}|composed`,
      category: 'composed',
      source: 'synthetic:composed',
      fold: -1,
    });
  const composed: ReadonlyArray<readonly [TemplateKind, string]> = [
    ['injection', 'injection/instruction-override'],
    ['extraction', 'prompt_extraction/system-prompt'],
    ['jailbreak', 'jailbreak/unrestricted-persona'],
  ];
  for (const [kind, family] of composed) {
    for (let i = 0; i < COMPOSED_PER_KIND; i++) pushComposed(generateAttack(rng, kind), family);
  }
  for (let i = 0; i < INDIRECT_INJECTIONS; i++) pushComposed(indirectInjection(rng), 'injection/indirect');
  for (const t of transliteratedAttacks()) pushComposed(t, 'jailbreak/transliterated');
  const lookAlikes = [
    ...Array.from({ length: COMPOSED_PER_KIND }, () => generateBenignPersona(rng)),
    ...Array.from({ length: COMPOSED_PER_KIND }, () => generateBenignTrigger(rng)),
    ...figurativeRequests(),
    ...benignLookalikes(),
    ...symbolHeavyBenign(),
  ];
  for (const t of lookAlikes) push(lookAlike(t));
  return out;
}

/** A hazardous request of the training data (see `REQUEST_SOURCES`) whose licence this run may use. */
export function isHarmfulRequest(r: DatasetRow, excludedLicences: readonly string[]): boolean {
  return r.label === 'harmful' && REQUEST_SOURCES.test(r.file) && !r.category.startsWith('harmfulqa:') && !isExcluded(r, excludedLicences);
}

/**
 * Hazardous requests of the training split inside a jailbreak frame (role-play, adversarial suffix,
 * rule template, persuasive framing: training/attack-families.ts), so that the store knows these
 * techniques whatever the request. A wrapped request keeps its request's validation fold: a held-out
 * source's requests are never seen in training, even wrapped; and each fold's soups and framings come
 * from their own slice of the soup material and framing phrases, so validation measures how suffixes
 * made of unseen words and symbols, and framings in unseen phrases, are recognised.
 */
function pushWrappedRequests(
  rows: readonly DatasetRow[],
  excludedLicences: readonly string[],
  wordsByFrequency: readonly string[],
  push: (t: CorpusText) => void,
): void {
  const rng = new Random(31_337);
  const common = wordsByFrequency.slice(...SOUP_COMMON_WORDS).filter((w) => /^[a-z]{2,}$/.test(w));
  const pieceRng = new Random(7_777);
  const soups = Array.from({ length: FOLDS }, (_, fold) => withSubwordPieces(soupSlice(fold, FOLDS, common), pieceRng));
  const framingRng = new Random(5_151);
  const framings = Array.from({ length: FOLDS }, (_, fold) => framingSlice(fold, FOLDS));
  for (const r of rows) {
    if (!isHarmfulRequest(r, excludedLicences) || r.text.length > MAX_WRAPPED_REQUEST) continue;
    const fold = foldOf(r.file);
    const { technique, text } =
      rng.next() < WRAPPED_SHARE
        ? jailbreakWrap(r.text, rng, soups[fold])
        : { technique: 'persuasive-framing', text: persuasiveFraming(r.text, framingRng, framings[fold]) };
    const family = `jailbreak/${technique}`;
    push({
      text: normaliseForDetection(text),
      attack: true,
      hard: false,
      family,
      cluster: `${family}|wrapped`,
      category: `${WRAPPED_SOURCE}${technique}`,
      source: `${WRAPPED_SOURCE}${technique}`,
      fold,
    });
  }
  // The framing alone is not the attack: harmless goals in the same framings are negatives.
  for (const t of harmlessFramings(new Random(6_161))) push(lookAlike(t));
}
