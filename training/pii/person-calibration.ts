/**
 * The PERSON score's calibration, fitted on held-out spans: a logistic regression of "this span is
 * a gold name" on the logit of its mean token probability and its evidence level, with the
 * threshold then moved onto 0.5 where the mean F1 over the held-out groups is best.
 */
import type { Entity } from '../../src/guardrails/pii/entities.ts';
import { EVIDENCE_PERSONAL } from '../../src/guardrails/pii/person/evidence.ts';
import type { PersonCalibration, PersonModel } from '../../src/guardrails/pii/person/model-files.ts';
import { Scorer } from '../../src/guardrails/pii/person/network.ts';
import { findEvidencedNames } from '../../src/guardrails/pii/person/recogniser.ts';
import { SPAN_TRAITS } from '../../src/guardrails/pii/person/span-traits.ts';
import { TokenBuffer } from '../../src/guardrails/pii/person/tokenise.ts';

const LEVELS = EVIDENCE_PERSONAL + 1;

export interface CalibrationSpan {
  /** logit of the span's mean token probability */
  logit: number;
  level: number;
  romanised: boolean;
  /** SPAN_TRAITS bits */
  traits: number;
  hit: boolean;
}

/** The spans one model found in texts it was not trained on, and how many gold names those texts hold. */
export interface HeldOutSpans {
  group: string;
  gold: number;
  spans: CalibrationSpan[];
}

interface GoldText {
  text: string;
  spans: readonly { type: string; start: number; end: number }[];
}

const logit = (p: number): number => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Every name span `model` finds in `rows`, marked by whether it overlaps a gold PERSON span not matched before. */
export function collectSpans(model: PersonModel, rows: readonly GoldText[], group: string): HeldOutSpans {
  const scorer = new Scorer(model.net);
  const buffer = new TokenBuffer();
  const out: HeldOutSpans = { group, gold: 0, spans: [] };
  for (const { text, spans } of rows) {
    const names = spans.filter((s) => s.type === 'PERSON');
    // Other PII of the text, as the pattern recognisers would report it (its evidence for names).
    const others = spans.filter((s) => s.type !== 'PERSON' && s.type !== 'LOCATION' && s.type !== 'ORGANIZATION') as Entity[];
    out.gold += names.length;
    const matched = new Set<number>();
    for (const { span, level, romanised } of findEvidencedNames(text, scorer, model.vocabulary, others, buffer)) {
      const hit = names.findIndex((g, k) => !matched.has(k) && span.start < g.end && g.start < span.end);
      if (hit >= 0) matched.add(hit);
      out.spans.push({ logit: logit(span.probability), level, romanised, traits: span.traits, hit: hit >= 0 });
    }
  }
  return out;
}

/** Features of a span: logit, bias, one-hot evidence levels above EVIDENCE_NONE, Cyrillic or Greek letters. */
function features(s: CalibrationSpan): number[] {
  return [s.logit, 1, ...Array.from({ length: LEVELS - 1 }, (_, k) => (s.level === k + 1 ? 1 : 0)), s.romanised ? 1 : 0];
}

/** One feature per span trait. */
function traitFeatures(s: CalibrationSpan): number[] {
  return SPAN_TRAITS.map((_, k) => (s.traits & (1 << k) ? 1 : 0));
}

/** Solves A x = y (A symmetric positive definite, small) by Gaussian elimination. */
function solve(A: number[][], y: number[]): number[] {
  const n = y.length;
  const m = A.map((row, i) => [...row, y[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Logistic regression by Newton's method with step halving, with a small L2 pull towards zero
 * (levels unseen in the data stay at 0). `offsets`: a fixed part of each sample's logit.
 */
function fitLogistic(xs: readonly number[][], ys: readonly number[], l2 = 1, offsets?: readonly number[], start?: readonly number[]): number[] {
  const n = xs[0]!.length;
  const z0 = (k: number): number => offsets?.[k] ?? 0;
  const loss = (w: readonly number[]): number => {
    let total = 0.5 * l2 * w.reduce((sum, v) => sum + v * v, 0);
    for (let k = 0; k < xs.length; k++) {
      const z = z0(k) + xs[k]!.reduce((sum, v, i) => sum + v * w[i]!, 0);
      // log(1 + e^z) - y·z, computed stably.
      total += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - ys[k]! * z;
    }
    return total;
  };
  let w = start ? [...start] : new Array<number>(n).fill(0);
  let current = loss(w);
  for (let iteration = 0; iteration < 100; iteration++) {
    const g = w.map((v) => l2 * v);
    const H = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? l2 : 0)));
    for (let k = 0; k < xs.length; k++) {
      const x = xs[k]!;
      const p = sigmoid(z0(k) + x.reduce((sum, v, i) => sum + v * w[i]!, 0));
      const d = p - ys[k]!;
      const c = p * (1 - p);
      for (let i = 0; i < n; i++) {
        g[i]! += d * x[i]!;
        for (let j = 0; j < n; j++) H[i]![j]! += c * x[i]! * x[j]!;
      }
    }
    const step = solve(H, g);
    let scale = 1;
    let next = w.map((v, i) => v - step[i]!);
    let nextLoss = loss(next);
    while (nextLoss > current && scale > 1e-6) {
      scale /= 2;
      next = w.map((v, i) => v - scale * step[i]!);
      nextLoss = loss(next);
    }
    if (current - nextLoss < 1e-9) break;
    w = next;
    current = nextLoss;
  }
  return w;
}

interface Scores {
  precision: number;
  recall: number;
  f1: number;
}

function scoresAt(set: HeldOutSpans, score: (s: CalibrationSpan) => number, threshold: number): Scores {
  let tp = 0;
  let fp = 0;
  for (const s of set.spans) {
    if (score(s) < threshold) continue;
    if (s.hit) tp++;
    else fp++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = set.gold === 0 ? 1 : tp / set.gold;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

const pct = (v: number): string => (100 * v).toFixed(1);

/** The threshold with the best mean F1 over the groups. */
function bestThreshold(sets: readonly HeldOutSpans[], score: (s: CalibrationSpan) => number): { threshold: number; best: number } {
  let threshold = 0.5;
  let best = -1;
  for (let cut = 0.05; cut < 0.951; cut += 0.005) {
    const meanF1 = sets.reduce((sum, set) => sum + scoresAt(set, score, cut).f1, 0) / sets.length;
    if (meanF1 > best + 1e-9) {
      best = meanF1;
      threshold = cut;
    }
  }
  return { threshold, best };
}

/**
 * Fits the calibration on the held-out spans of every group and reports P/R/F1 per group at the
 * chosen threshold. `extra`: further held-out spans for the fit only (lower-cased copies of the
 * held-out folds), not for choosing the threshold.
 */
export function fitPersonCalibration(
  sets: readonly HeldOutSpans[],
  extra: readonly HeldOutSpans[] = [],
): { calibration: PersonCalibration; threshold: number; report: string } {
  // First the probability, evidence and script weights on the held-out groups, as without traits…
  const spans = sets.flatMap((set) => set.spans);
  const start = [1, ...new Array<number>(features(spans[0]!).length - 1).fill(0)];
  const w = fitLogistic(
    spans.map(features),
    spans.map((s) => (s.hit ? 1 : 0)),
    1,
    undefined,
    start,
  );
  const base = (s: CalibrationSpan): number => features(s).reduce((sum, v, i) => sum + v * w[i]!, 0);
  const { threshold, best } = bestThreshold(sets, (s) => sigmoid(base(s)));
  // …then the traits, as penalties on top of that score, fitted on every held-out span (lower-cased
  // copies too). They only lower scores: the threshold stays where the F1 of the groups was best.
  const all = [...sets, ...extra].flatMap((set) => set.spans);
  const t = fitLogistic(
    all.map(traitFeatures),
    all.map((s) => (s.hit ? 1 : 0)),
    1,
    all.map(base),
  ).map((v) => Math.min(0, v));
  const raw = (s: CalibrationSpan): number => sigmoid(base(s) + traitFeatures(s).reduce((sum, v, i) => sum + v * t[i]!, 0));
  const traits = Object.fromEntries(SPAN_TRAITS.map((trait, k) => [trait, t[k]!]));
  const calibration: PersonCalibration = { a: w[0]!, b: w[1]! - logit(threshold), evidence: [0, ...w.slice(2, 1 + LEVELS)], romanised: w[1 + LEVELS]!, traits };
  const lines = [
    `PERSON calibration on ${all.length} held-out spans: a ${calibration.a.toFixed(4)}, b ${calibration.b.toFixed(4)}, evidence ${calibration.evidence.map((e) => e.toFixed(3)).join(' ')}, romanised ${calibration.romanised.toFixed(3)}; threshold ${threshold.toFixed(3)} (mean F1 ${pct(best)} without traits, ${pct(sets.reduce((sum, set) => sum + scoresAt(set, raw, threshold).f1, 0) / sets.length)} with them)`,
    `traits: ${SPAN_TRAITS.map((trait) => `${trait} ${traits[trait]!.toFixed(3)}`).join(', ')}`,
    `${'held-out group'.padEnd(24)} ${'gold'.padStart(6)} ${'P %'.padStart(6)} ${'R %'.padStart(6)} ${'F1 %'.padStart(6)}`,
  ];
  for (const set of [...sets, ...extra]) {
    const s = scoresAt(set, raw, threshold);
    lines.push(`${set.group.padEnd(24)} ${String(set.gold).padStart(6)} ${pct(s.precision).padStart(6)} ${pct(s.recall).padStart(6)} ${pct(s.f1).padStart(6)}`);
  }
  return { calibration, threshold, report: lines.join('\n') };
}
