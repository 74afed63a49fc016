/**
 * Platt scaling: fits sigmoid(a · x + b) to binary outcomes on the log loss, with x the logit of a
 * raw probability. Used to calibrate the PERSON span confidence. Targets are smoothed as in
 * Platt's paper and (a, b) are pulled towards the identity (1, 0) by an L2 prior, so nearly
 * separable data cannot drive the slope to infinity. Newton steps with backtracking.
 */
export function fitPlatt(xs: readonly number[], ys: readonly number[], prior = 1): { a: number; b: number } {
  const positives = ys.reduce((sum, y) => sum + y, 0);
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (ys.length - positives + 2);
  const target = (i: number): number => (ys[i] ? high : low);
  const loss = (a: number, b: number): number => {
    let total = 0.5 * prior * ((a - 1) ** 2 + b ** 2);
    for (let i = 0; i < xs.length; i++) {
      const z = a * xs[i]! + b;
      // log(1 + e^z) - t·z, computed stably.
      total += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - target(i) * z;
    }
    return total;
  };
  let a = 1;
  let b = 0;
  let current = loss(a, b);
  for (let iteration = 0; iteration < 100; iteration++) {
    let ga = prior * (a - 1);
    let gb = prior * b;
    let haa = prior;
    let hab = 0;
    let hbb = prior;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const p = 1 / (1 + Math.exp(-(a * x + b)));
      const d = p - target(i);
      const w = p * (1 - p);
      ga += d * x;
      gb += d;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
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

export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}
