import type { Calibration } from './detector-manifest.ts';

/**
 * A calibrated probability from a raw logit: sigmoid(a·z + b), with the slope `aAbove` instead of
 * `a` above the point where a·z + b = 0 (the decision threshold), when the calibration gives one.
 */
export function calibrated(c: Calibration, z: number): number {
  const m = c.a * z + c.b;
  const x = m > 0 && c.aAbove !== undefined ? (m * c.aAbove) / c.a : m;
  return 1 / (1 + Math.exp(-x));
}
