import { calibrated } from '../src/models/calibration.ts';
import type { Calibration } from '../src/models/manifest.ts';

/**
 * Platt scaling: fits p = sigmoid(a·z + b) to out-of-source logits by Newton's method on the
 * log-loss (with step halving), with the two classes weighted equally so the fit does not inherit the sources' mix.
 */
export function fitPlatt(pos: readonly number[], neg: readonly number[]): Calibration {
  if (pos.length === 0 || neg.length === 0) return { a: 1, b: 0 };
  const data: Array<readonly [number, number, number]> = [
    ...pos.map((z) => [z, 1, 0.5 / pos.length] as const),
    ...neg.map((z) => [z, 0, 0.5 / neg.length] as const),
  ];
  const loss = (a: number, b: number): number => {
    let l = 0;
    for (const [z, y, w] of data) {
      const m = a * z + b;
      // log(1 + e^m) - y·m, computed stably
      l += w * ((m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m))) - y * m);
    }
    return l;
  };
  let a = 1;
  let b = 0;
  let current = loss(a, b);
  for (let iter = 0; iter < 100; iter++) {
    let ga = 0, gb = 0, haa = 1e-6, hab = 0, hbb = 1e-6;
    for (const [z, y, w] of data) {
      const p = 1 / (1 + Math.exp(-(a * z + b)));
      const r = w * (p - y);
      ga += r * z;
      gb += r;
      const s = w * p * (1 - p);
      haa += s * z * z;
      hab += s * z;
      hbb += s;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    // Damped Newton: halve the step until the loss decreases.
    let step = 1;
    let next = loss(a - da, b - db);
    while (next > current && step > 1e-6) {
      step /= 2;
      next = loss(a - step * da, b - step * db);
    }
    if (next > current) break;
    a -= step * da;
    b -= step * db;
    const gain = current - next;
    current = next;
    if (gain < 1e-12) break;
  }
  return { a, b };
}

/** The calibrated probability of a raw logit, exactly as the shipped model computes it. */
export const applyPlatt = calibrated;
