import { calibrated } from '../src/detector/calibration.ts';
import type { Calibration } from '../src/detector/detector-manifest.ts';

export interface PlattOptions {
  /**
   * Each class carries half of the loss whatever its size, so the fit does not inherit the mix of
   * the sources; otherwise every example counts once.
   */
  balanceClasses?: boolean;
  /** Platt's smoothed targets, (N₊ + 1)/(N₊ + 2) for positives and 1/(N₋ + 2) for negatives, instead of 1 and 0. */
  smoothTargets?: boolean;
  /**
   * Strength of an L2 pull of (a, b) towards the identity (1, 0), so nearly separable data cannot
   * drive the slope to infinity.
   */
  prior?: number;
}

/** Keeps the Newton system solvable when there is no prior and the data are separable. */
const MIN_CURVATURE = 1e-6;

/**
 * Platt scaling: fits p = sigmoid(a·z + b) to binary labels (1 positive, 0 negative) of logits z,
 * by Newton's method on the log loss with step halving.
 */
export function fitPlatt(logits: readonly number[], labels: readonly number[], options: PlattOptions = {}): Calibration {
  const prior = options.prior ?? 0;
  const positives = labels.reduce((sum, y) => sum + y, 0);
  const negatives = labels.length - positives;
  if (options.balanceClasses && (positives === 0 || negatives === 0)) return { a: 1, b: 0 };
  const high = options.smoothTargets ? (positives + 1) / (positives + 2) : 1;
  const low = options.smoothTargets ? 1 / (negatives + 2) : 0;
  const target = labels.map((y) => (y ? high : low));
  const weight = labels.map((y) => (options.balanceClasses ? 0.5 / (y ? positives : negatives) : 1));
  const loss = (a: number, b: number): number => {
    let total = 0.5 * prior * ((a - 1) ** 2 + b ** 2);
    for (let i = 0; i < logits.length; i++) {
      const z = a * logits[i]! + b;
      // log(1 + e^z) - t·z, computed stably.
      total += weight[i]! * ((z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - target[i]! * z);
    }
    return total;
  };
  let a = 1;
  let b = 0;
  let current = loss(a, b);
  for (let iteration = 0; iteration < 100; iteration++) {
    let ga = prior * (a - 1);
    let gb = prior * b;
    let haa = Math.max(prior, MIN_CURVATURE);
    let hab = 0;
    let hbb = Math.max(prior, MIN_CURVATURE);
    for (let i = 0; i < logits.length; i++) {
      const x = logits[i]!;
      const p = 1 / (1 + Math.exp(-(a * x + b)));
      const d = weight[i]! * (p - target[i]!);
      const w = weight[i]! * p * (1 - p);
      ga += d * x;
      gb += d;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    // Damped Newton: halve the step until the loss decreases.
    let step = 1;
    while (step > 1e-6 && loss(a - step * da, b - step * db) > current) step /= 2;
    if (step <= 1e-6) break;
    a -= step * da;
    b -= step * db;
    const next = loss(a, b);
    if (current - next < 1e-10) break;
    current = next;
  }
  return { a, b };
}

/** The calibrated probability of a raw logit, exactly as the shipped model computes it. */
export const applyPlatt = calibrated;

/** The logit of a probability, clamped away from 0 and 1. */
export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}
