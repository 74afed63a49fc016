import { readFileSync, writeFileSync } from 'node:fs';
import { HEAD_INDEX, HEADS, type HeadName } from '../src/detector/heads.ts';
import { MODERATION_CATEGORIES } from '../src/domain/moderation.ts';
import type { Calibration } from '../src/detector/detector-manifest.ts';
import { applyPlatt, fitPlatt } from './calibration.ts';
import type { EncodedSet } from './encode.ts';
import type { LabelledText } from './labels.ts';
import { techniqueOf } from '../src/eval/row-facets.ts';
import { EVERYDAY_GROUP, foldOf } from './folds.ts';
import type { FoldJob } from './fold-pool.ts';
import { foldCount, foldSplit, isSourceText, techniqueFamilyOf, textLanguage, type FoldScheme } from './fold-schemes.ts';
import { auc, rate, thresholdAtFpr } from './metrics.ts';
import type { TrainConfig } from './trainer.ts';

/** The validation models of one scheme and training seed: one job per fold (fold-schemes.ts). */
export function schemeJobs(set: EncodedSet, scheme: FoldScheme, cfg: TrainConfig): FoldJob[] {
  return Array.from({ length: foldCount(scheme) }, (_, fold) => {
    const split = foldSplit(set.texts, scheme, fold);
    return {
      name: `${scheme} fold ${fold + 1}/${foldCount(scheme)}, seed ${cfg.seed}`,
      cfg,
      train: Int32Array.from(split.train),
      heldOut: Int32Array.from(split.heldOut),
    };
  });
}

/** One scheme's held-out logits, merged over its folds (each text is held out in at most one). */
export function mergeFolds(folds: readonly ReadonlyMap<number, Float32Array>[]): Map<number, Float32Array> {
  return new Map(folds.flatMap((f) => [...f]));
}

/** Out-of-fold logits kept on disk, to re-run the analysis without retraining (same corpus only). */
export function saveLogits(path: string, oof: ReadonlyMap<number, Float32Array>): void {
  writeFileSync(path, JSON.stringify([...oof].map(([i, z]) => [i, Array.from(z)])));
}

export function loadLogits(path: string): Map<number, Float32Array> {
  const rows = JSON.parse(readFileSync(path, 'utf8')) as Array<[number, number[]]>;
  return new Map(rows.map(([i, z]) => [i, Float32Array.from(z)]));
}

export interface HeadReport {
  auc: number;
  threshold: number;
  recall: number;
  fpr: number;
  positives: number;
  negatives: number;
}

export interface GroupReport {
  group: string;
  fold: number;
  label: string;
  texts: number;
  /** For attack groups: share flagged by the attack or extraction head; for hazard groups: by the harmful head. */
  flagged: number;
  meanAttack: number;
}

export interface ValidationReport {
  calibration: Record<string, Calibration>;
  thresholds: Record<string, number>;
  heads: Record<string, HeadReport>;
  groups: GroupReport[];
  /** Attack recall at the benign false-positive rates 0.5 %, 1 %, 2 %, 5 % (attack head, out-of-source). */
  attackRecallAtFpr: Record<string, number>;
  /** The same on the source rows alone (wrapped, embedded and jailbroken variants left out). */
  attackRecallAtFprSourceRows: Record<string, number>;
  /** F1 of the answer head at its threshold, on out-of-source answers of the sources. */
  answerF1: number;
  multilingual: { attacks: number; attackRecall: number; benign: number; benignFpr: number; harmful: number; harmfulRecall: number };
  /** The figures the detection targets are stated in, out-of-source, at the shipped thresholds. */
  targets: TargetFigures;
  /** Per language (category suffix or script): attack recall at the shipped thresholds and at 1 % benign FPR, benign FPR, harmful recall. */
  byLanguage: FacetRow[];
  /** Per attack technique (source sub-label): attack recall at the shipped thresholds and at 1 % benign FPR. */
  byTechnique: FacetRow[];
}

export interface TargetFigures {
  /** Attack rows (attack head target 1, source rows) flagged by the input guardrails, English / other languages. */
  attackRecallEnglish: number;
  /**
   * The same English attack rows with each source counted once (mean of the sources' recalls): not
   * a target, but it does not move with one source of many rows from one template.
   */
  attackRecallEnglishPerSource: number;
  attackRecallOther: number;
  /** Benign rows flagged, macro average over benign sources (everyday messages as one). */
  benignMacroFpr: number;
  /** benign_hard rows flagged, macro average over their sources. */
  hardBenignMacroFpr: number;
  /** Hazardous requests and statements (source rows) flagged by content moderation. */
  harmfulRecall: number;
  /** Safe answers flagged by the answer head: source rows, and refusals composed around requests. */
  safeAnswersFlagged: number;
  refusalsFlagged: number;
  /** Unsafe answers (source rows) flagged by the answer head. */
  unsafeAnswerRecall: number;
}

/** The target figures of one validation run, for the run-to-run spread over training seeds. */
export interface SeedRun {
  seed: number;
  targets: TargetFigures;
  byLanguage: FacetRow[];
}

export interface FacetRow {
  facet: string;
  attacks: number;
  attackRecall: number;
  attackRecallAt1: number;
  benign: number;
  benignFpr: number;
  harmful: number;
  harmfulRecall: number;
}

function targetOf(set: EncodedSet, text: number, head: HeadName): number {
  return set.texts[text]!.targets[HEAD_INDEX[head]]!;
}

/**
 * The input-side heads that block (llm, system_prompt and content moderation) share one false-positive
 * budget: an ordinary prompt blocked by any model guardrail is a false positive, however many blocked
 * it. The budget is for their union (a prompt blocked by two counts once); the numbers are the heads'
 * shares of it.
 */
const BLOCKING_SHARES: ReadonlyArray<readonly [HeadName, number]> = [
  ['attack', 1],
  ['extraction', 0.5],
  ['harmful', 1],
];
/** Share of out-of-source benign prompts the model guardrails together may block (macro average over benign pools). */
export const BENIGN_FPR_BUDGET = 0.01;

/** The benign pool a text counts in for the false-positive budget: its source, all everyday messages as one. */
function benignPool(group: string): string {
  return group.startsWith(EVERYDAY_GROUP) ? EVERYDAY_GROUP : group;
}
/** Share of held-out safe answers (refusals, warnings, harmless answers) the answer head may flag (macro over sources). */
export const ANSWER_FPR_BUDGET = 0.05;

/** The lowest threshold at which the macro average of the pools' flagged shares stays within `budget`. */
function macroThreshold(pools: readonly (readonly number[])[], budget: number): number {
  const macro = (threshold: number) => pools.reduce((sum, p) => sum + rate(p, threshold), 0) / Math.max(1, pools.length);
  const all = pools.flat().sort((a, b) => a - b);
  let lo = 0;
  let hi = all.length;
  // Macro FPR only falls as the threshold rises: bisect over the sorted scores.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (macro(all[mid]!) <= budget) hi = mid;
    else lo = mid + 1;
  }
  const t = all[lo] ?? all[all.length - 1] ?? 0;
  // Strictly above the last score that would break the budget at equality.
  return lo < all.length ? t : t + Math.max(1e-9, Math.abs(t) * 1e-9);
}

/** Calibrated score of the median out-of-source benign prompt. */
const MEDIAN_BENIGN_SCORE = 0.01;
/** Calibrated score of the median out-of-source positive that the threshold catches. */
const MEDIAN_CAUGHT_SCORE = 0.95;

const NON_LATIN = /[^\x00-\x7f]/g;

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function isMostlyNonEnglish(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const nonAscii = text.match(NON_LATIN)?.length ?? 0;
  return letters > 0 && nonAscii / letters > 0.3;
}

export function analyse(set: EncodedSet, oof: ReadonlyMap<number, Float32Array>): ValidationReport {
  const calibration: Record<string, Calibration> = {};
  const thresholds: Record<string, number> = {};
  const heads: Record<string, HeadReport> = {};
  const split = (head: HeadName) => {
    const k = HEAD_INDEX[head];
    const pos: number[] = [];
    const neg: number[] = [];
    for (const [i, z] of oof) {
      const y = targetOf(set, i, head);
      if (Number.isNaN(y)) continue;
      (y > 0.5 ? pos : neg).push(z[k]!);
    }
    return { pos, neg };
  };
  const isBenign = (i: number) => set.texts[i]!.label === 'benign';
  const benignTexts = [...oof.keys()].filter(isBenign);
  const benignRaw = (head: HeadName) => benignTexts.map((i) => oof.get(i)![HEAD_INDEX[head]]!);

  // Raw-logit thresholds: scale the heads' budget shares until the union stays within the budget.
  // Macro average over benign pools: each benign source (all everyday messages as one) counts
  // equally, so a large, easy source (8,800 maths questions) cannot buy a loose threshold for the rest.
  const rawThreshold: Partial<Record<HeadName, number>> = {};
  const unionFpr = () =>
    meanOverPools(
      benignTexts,
      (i) => benignPool(set.texts[i]!.group),
      (i) => BLOCKING_SHARES.some(([h]) => oof.get(i)![HEAD_INDEX[h]]! >= rawThreshold[h]!),
    );
  let lo = 0;
  let hi = BENIGN_FPR_BUDGET;
  for (let iter = 0; iter < 30; iter++) {
    const mid = (lo + hi) / 2;
    for (const [h, share] of BLOCKING_SHARES) rawThreshold[h] = thresholdAtFpr(benignRaw(h), mid * share);
    if (unionFpr() <= BENIGN_FPR_BUDGET) lo = mid;
    else hi = mid;
  }
  for (const [h, share] of BLOCKING_SHARES) rawThreshold[h] = thresholdAtFpr(benignRaw(h), lo * share);

  // The answer head decides on answers: its threshold is the lowest raw score that flags at most
  // ANSWER_FPR_BUDGET of the held-out safe answers of sources (pooled) and at most as much of the
  // written ones (refusals composed around a source's requests, safety notes; macro over pools). One
  // budget over both kinds let the easy written pools pay for the sources' answers, which then moved
  // between 6 and 19 % flagged with the corpus's random draws.
  const sourceAnswers: number[] = [];
  const writtenPools = new Map<string, number[]>();
  for (const [i, z] of oof) {
    const t = set.texts[i]!;
    if (t.label !== 'safe_output') continue;
    const score = z[HEAD_INDEX.unsafe_output]!;
    if (isSourceText(t)) {
      sourceAnswers.push(score);
      continue;
    }
    const pool = t.generated ? `${t.group}:composed` : t.group;
    const list = writtenPools.get(pool) ?? [];
    list.push(score);
    writtenPools.set(pool, list);
  }
  rawThreshold.unsafe_output = Math.max(thresholdAtFpr(sourceAnswers, ANSWER_FPR_BUDGET), macroThreshold([...writtenPools.values()], ANSWER_FPR_BUDGET));

  // Calibration anchored on out-of-source operating points: the decision threshold maps to 0.5 and
  // the median benign prompt (safe answer, for the answer head) to MEDIAN_BENIGN_SCORE. (Platt scaling
  // on the same scores gives a slope of ~0.2, which leaves harmless prompts near 0.3 because held-out
  // sources overlap.)
  for (const head of HEADS) {
    if ((MODERATION_CATEGORIES as readonly string[]).includes(head)) calibration[head] = { a: 1, b: 0 };
    else if (rawThreshold[head] !== undefined) {
      const zt = rawThreshold[head]!;
      const zm = median(head === 'unsafe_output' ? [...sourceAnswers, ...[...writtenPools.values()].flat()] : benignRaw(head));
      const a = Math.log((1 - MEDIAN_BENIGN_SCORE) / MEDIAN_BENIGN_SCORE) / Math.max(1e-3, zt - zm);
      // Above the threshold, the median caught attack of a source maps to MEDIAN_CAUGHT_SCORE.
      const caught = [...oof]
        .filter(([i, z]) => targetOf(set, i, head) === 1 && !set.texts[i]!.generated && z[HEAD_INDEX[head]]! >= zt)
        .map(([, z]) => z[HEAD_INDEX[head]]!);
      const aAbove = caught.length > 0 ? Math.log(MEDIAN_CAUGHT_SCORE / (1 - MEDIAN_CAUGHT_SCORE)) / Math.max(1e-3, median(caught) - zt) : a;
      calibration[head] = { a, b: -a * zt, aAbove: Math.max(a, aAbove) };
    } else {
      const { pos, neg } = split(head);
      calibration[head] = fitPlatt([...pos, ...neg], [...pos.map(() => 1), ...neg.map(() => 0)], { balanceClasses: true });
    }
  }
  const answers = [...oof].filter(([i]) => !set.texts[i]!.generated && /_output$/.test(set.texts[i]!.label));
  let tp = 0,
    fp = 0,
    fn = 0;
  for (const [i, z] of answers) {
    const flagged = applyPlatt(calibration.unsafe_output!, z[HEAD_INDEX.unsafe_output]!) >= 0.5;
    const y = targetOf(set, i, 'unsafe_output') > 0.5;
    if (flagged && y) tp++;
    else if (flagged) fp++;
    else if (y) fn++;
  }
  const answerF1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  const scores = calibratedScores(oof, calibration);
  const benignScores = (head: HeadName) => {
    const k = HEAD_INDEX[head];
    const out: number[] = [];
    for (const [i, s] of scores) if (['benign', 'benign_hard'].includes(set.texts[i]!.label)) out.push(s[k]!);
    return out;
  };
  for (const [head] of BLOCKING_SHARES) thresholds[head] = 0.5;
  thresholds.unsafe_output = 0.5;
  thresholds.category = 0.5;

  for (const head of ['attack', 'extraction', 'harmful', 'unsafe_output'] as const) {
    const k = HEAD_INDEX[head];
    const pos: number[] = [];
    const neg: number[] = [];
    for (const [i, s] of scores) {
      const y = targetOf(set, i, head);
      if (!Number.isNaN(y)) (y > 0.5 ? pos : neg).push(s[k]!);
    }
    const t = thresholds[head]!;
    heads[head] = { auc: auc(pos, neg), threshold: t, recall: rate(pos, t), fpr: rate(neg, t), positives: pos.length, negatives: neg.length };
  }

  const attackRecallAtFpr: Record<string, number> = {};
  {
    const k = HEAD_INDEX.attack;
    const neg = benignScores('attack');
    const pos = [...scores].filter(([i]) => targetOf(set, i, 'attack') === 1).map(([, s]) => s[k]!);
    for (const f of [0.005, 0.01, 0.02, 0.05]) attackRecallAtFpr[`${f * 100}%`] = rate(pos, thresholdAtFpr(neg, f));
  }
  const attackRecallAtFprSourceRows: Record<string, number> = {};
  {
    const k = HEAD_INDEX.attack;
    const neg = benignScores('attack');
    const pos = [...scores].filter(([i]) => targetOf(set, i, 'attack') === 1 && !set.texts[i]!.generated).map(([, s]) => s[k]!);
    for (const f of [0.005, 0.01, 0.02, 0.05]) attackRecallAtFprSourceRows[`${f * 100}%`] = rate(pos, thresholdAtFpr(neg, f));
  }

  const flaggedBy = (i: number): boolean => inputFlagged(scores.get(i)!, thresholds);
  const groupsMap = new Map<string, number[]>();
  for (const i of scores.keys()) {
    const t = set.texts[i]!;
    const key = `${t.group}\u0000${t.label}`;
    let list = groupsMap.get(key);
    if (list === undefined) groupsMap.set(key, (list = []));
    list.push(i);
  }
  const groups: GroupReport[] = [...groupsMap].sort().map(([key, list]) => {
    const [group, label] = key.split('\u0000') as [string, string];
    const flagged =
      label === 'unsafe_output' || label === 'safe_output'
        ? list.filter((i) => scores.get(i)![HEAD_INDEX.unsafe_output]! >= thresholds.unsafe_output!).length
        : list.filter(flaggedBy).length;
    const meanAttack = list.reduce((a, i) => a + scores.get(i)![HEAD_INDEX.attack]!, 0) / list.length;
    return { group, fold: foldOf(group), label, texts: list.length, flagged: flagged / list.length, meanAttack };
  });

  const foreign = [...scores.keys()].filter((i) => isMostlyNonEnglish(set.texts[i]!.text));
  const isAttack = (i: number) => ['injection', 'jailbreak', 'prompt_extraction', 'attack'].includes(set.texts[i]!.label);
  const fa = foreign.filter(isAttack);
  const fb = foreign.filter((i) => ['benign', 'benign_hard'].includes(set.texts[i]!.label));
  const fh = foreign.filter((i) => set.texts[i]!.label === 'harmful');
  const multilingual = {
    attacks: fa.length,
    attackRecall: fa.filter(flaggedBy).length / Math.max(1, fa.length),
    benign: fb.length,
    benignFpr: fb.filter(flaggedBy).length / Math.max(1, fb.length),
    harmful: fh.length,
    harmfulRecall: fh.filter((i) => scores.get(i)![HEAD_INDEX.harmful]! >= thresholds.harmful!).length / Math.max(1, fh.length),
  };
  const at1 = thresholdAtFpr(benignScores('attack'), 0.01);
  const sourceRow = (i: number) => isSourceText(set.texts[i]!);
  const byLanguage = facetRows(set, scores, thresholds, at1, textLanguage, sourceRow);
  const byTechnique = facetRows(
    set,
    scores,
    thresholds,
    at1,
    (t) => t.technique ?? techniqueOf(t.category),
    (i) => sourceRow(i) && targetOf(set, i, 'attack') === 1,
  );

  const macroFlagged = (label: string) =>
    meanOverPools(
      [...scores.keys()].filter((i) => set.texts[i]!.label === label),
      (i) => benignPool(set.texts[i]!.group),
      flaggedBy,
    );
  const flaggedShare = (f: (i: number) => boolean, by: (i: number) => boolean) => {
    const xs = [...scores.keys()].filter(f);
    return xs.filter(by).length / Math.max(1, xs.length);
  };
  const answerFlagged = (i: number) => scores.get(i)![HEAD_INDEX.unsafe_output]! >= thresholds.unsafe_output!;
  const isEnglish = (i: number) => textLanguage(set.texts[i]!) === 'English';
  const sourceAttack = (i: number) => sourceRow(i) && targetOf(set, i, 'attack') === 1;
  const targets: TargetFigures = {
    attackRecallEnglish: flaggedShare((i) => sourceAttack(i) && isEnglish(i), flaggedBy),
    attackRecallEnglishPerSource: meanOverPools(
      [...scores.keys()].filter((i) => sourceAttack(i) && isEnglish(i)),
      (i) => set.texts[i]!.group,
      flaggedBy,
    ),
    attackRecallOther: flaggedShare((i) => sourceAttack(i) && !isEnglish(i), flaggedBy),
    benignMacroFpr: macroFlagged('benign'),
    hardBenignMacroFpr: macroFlagged('benign_hard'),
    harmfulRecall: flaggedShare(
      (i) => sourceRow(i) && targetOf(set, i, 'harmful') === 1,
      (i) => scores.get(i)![HEAD_INDEX.harmful]! >= thresholds.harmful!,
    ),
    safeAnswersFlagged: flaggedShare((i) => sourceRow(i) && set.texts[i]!.label === 'safe_output', answerFlagged),
    refusalsFlagged: flaggedShare((i) => set.texts[i]!.label === 'safe_output' && set.texts[i]!.category === 'refusal', answerFlagged),
    unsafeAnswerRecall: flaggedShare((i) => sourceRow(i) && set.texts[i]!.label === 'unsafe_output', answerFlagged),
  };
  return { calibration, thresholds, heads, groups, attackRecallAtFpr, attackRecallAtFprSourceRows, answerF1, multilingual, targets, byLanguage, byTechnique };
}

/** The mean over pools (in order of first appearance) of the share of each pool's texts that `hit` holds for. */
function meanOverPools(texts: readonly number[], poolOf: (i: number) => string, hit: (i: number) => boolean): number {
  const pools = new Map<string, [number, number]>();
  for (const i of texts) {
    const pool = poolOf(i);
    const c = pools.get(pool) ?? [0, 0];
    c[1]++;
    if (hit(i)) c[0]++;
    pools.set(pool, c);
  }
  let sum = 0;
  for (const [hits, n] of pools.values()) sum += hits / n;
  return sum / Math.max(1, pools.size);
}

/** Each text's raw logits read through the calibration: the heads' scores as the guardrails see them. */
function calibratedScores(oof: ReadonlyMap<number, Float32Array>, calibration: Readonly<Record<string, Calibration>>): Map<number, Float64Array> {
  return new Map([...oof].map(([i, z]) => [i, Float64Array.from(HEADS, (h, k) => applyPlatt(calibration[h]!, z[k]!))] as const));
}

/** Whether the input guardrails block a text: the attack, extraction or hazard head at its threshold (calibrated scores). */
function inputFlagged(s: Float64Array, thresholds: Record<string, number>): boolean {
  return s[HEAD_INDEX.attack]! >= thresholds.attack! || s[HEAD_INDEX.extraction]! >= thresholds.extraction! || s[HEAD_INDEX.harmful]! >= thresholds.harmful!;
}

/**
 * Scored texts (`only`) grouped by `keyOf`: attacks flagged at the thresholds and by the attack head
 * at `at1` (its 1 % benign false-positive point; NaN when there is none), benign flagged, harmful
 * requests flagged by the hazard head.
 */
function facetRows(
  set: EncodedSet,
  scores: ReadonlyMap<number, Float64Array>,
  thresholds: Record<string, number>,
  at1: number,
  keyOf: (t: LabelledText) => string,
  only: (i: number) => boolean,
): FacetRow[] {
  const byKey = new Map<string, number[]>();
  for (const i of scores.keys()) {
    if (!only(i)) continue;
    const key = keyOf(set.texts[i]!);
    const list = byKey.get(key) ?? [];
    list.push(i);
    byKey.set(key, list);
  }
  const flagged = (i: number) => inputFlagged(scores.get(i)!, thresholds);
  return [...byKey]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([facet, list]) => {
      const attacks = list.filter((i) => targetOf(set, i, 'attack') === 1);
      const benign = list.filter((i) => ['benign', 'benign_hard'].includes(set.texts[i]!.label));
      const harmful = list.filter((i) => targetOf(set, i, 'harmful') === 1);
      const share = (xs: number[], f: (i: number) => boolean) => xs.filter(f).length / Math.max(1, xs.length);
      return {
        facet,
        attacks: attacks.length,
        attackRecall: share(attacks, flagged),
        attackRecallAt1: Number.isNaN(at1) ? Number.NaN : share(attacks, (i) => scores.get(i)![HEAD_INDEX.attack]! >= at1),
        benign: benign.length,
        benignFpr: share(benign, flagged),
        harmful: harmful.length,
        harmfulRecall: share(harmful, (i) => scores.get(i)![HEAD_INDEX.harmful]! >= thresholds.harmful!),
      };
    });
}

/** Validation by held-out languages or attack techniques (fold-schemes.ts), at the shipped calibration and thresholds. */
export interface HeldOutReport {
  scheme: FoldScheme;
  seed: number;
  /** Per held-out language, or per technique family. */
  rows: FacetRow[];
  /** The held-out rows as a whole, English and other languages. */
  overall: FacetRow[];
}

/**
 * Scores of a language or technique scheme, read with the calibration the source folds fitted (the
 * shipped one) and the default thresholds. The attack head's 1 % point is that of the scheme's own
 * held-out benign rows (held-out languages have some; technique folds hold out attacks only).
 */
export function analyseHeldOut(
  set: EncodedSet,
  oof: ReadonlyMap<number, Float32Array>,
  shipped: Pick<ValidationReport, 'calibration' | 'thresholds'>,
  scheme: FoldScheme,
  seed: number,
): HeldOutReport {
  const scores = calibratedScores(oof, shipped.calibration);
  const { thresholds } = shipped;
  const benign = [...scores].filter(([i]) => ['benign', 'benign_hard'].includes(set.texts[i]!.label)).map(([, s]) => s[HEAD_INDEX.attack]!);
  const at1 = benign.length > 0 ? thresholdAtFpr(benign, 0.01) : Number.NaN;
  // Technique folds score attack rows only, each of a family.
  const keyOf = scheme === 'technique' ? (t: LabelledText) => techniqueFamilyOf(t) ?? 'no family' : textLanguage;
  return {
    scheme,
    seed,
    rows: facetRows(set, scores, thresholds, at1, keyOf, () => true),
    overall: facetRows(
      set,
      scores,
      thresholds,
      at1,
      (t) => (textLanguage(t) === 'English' ? 'English' : 'other languages'),
      () => true,
    ),
  };
}
