/** Area under the ROC curve: probability that a random positive outscores a random negative (ties count half). */
export function auc(pos: readonly number[], neg: readonly number[]): number {
  const p = pos.filter((x) => !Number.isNaN(x));
  const n = neg.filter((x) => !Number.isNaN(x));
  if (p.length === 0 || n.length === 0) return NaN;
  const all = [...p.map((s) => [s, 1] as const), ...n.map((s) => [s, 0] as const)].sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]![0] === all[i]![0]) j++;
    const rank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k]![1] === 1) rankSum += rank;
    i = j;
  }
  return (rankSum - (p.length * (p.length + 1)) / 2) / (p.length * n.length);
}
