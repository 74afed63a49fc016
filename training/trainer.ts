import { HEADS } from '../src/detector/heads.ts';
import { DetectorNetwork, type NetworkParams } from '../src/detector/network.ts';
import type { EncodedSet } from './encode.ts';
import { Random } from './random.ts';

export interface TrainConfig {
  hidden: number;
  buckets: number;
  /** Pooling pseudo-count of empty evidence (see src/detector/network.ts). */
  poolPrior: number;
  epochs: number;
  /** Windows drawn per source per epoch, so big sources do not drown small ones. */
  capPerGroup: number;
  /**
   * Windows drawn per epoch from a group of hand-written material (`synthetic:`): its share was set
   * when it was written, and it is not a source to balance against the others.
   */
  capPerWrittenGroup: number;
  batch: number;
  lrDense: number;
  lrSparse: number;
  /** Share of sparse ids dropped per window. */
  idDropout: number;
  /** Probability of dropping the whole hashed bag of a window (forces the word-vector path to work). */
  bagDropout: number;
  /** Probability of dropping the word-vector part of the dense input. */
  vectorDropout: number;
  hiddenDropout: number;
  weightDecay: number;
  seed: number;
}

export const DEFAULT_CONFIG: TrainConfig = {
  hidden: 48,
  buckets: 1 << 18,
  poolPrior: 24,
  epochs: 10,
  capPerGroup: 1200,
  capPerWrittenGroup: 2500,
  batch: 32,
  lrDense: 2e-3,
  lrSparse: 0.15,
  idDropout: 0.2,
  bagDropout: 0.3,
  vectorDropout: 0.1,
  hiddenDropout: 0.1,
  weightDecay: 1e-5,
  seed: 20260417,
};

interface Adam {
  m: Float32Array;
  v: Float32Array;
}

function adam(size: number): Adam {
  return { m: new Float32Array(size), v: new Float32Array(size) };
}

function adamStep(p: Float32Array, g: Float32Array, s: Adam, lr: number, t: number, decay: number): void {
  const b1 = 0.9;
  const b2 = 0.999;
  const c1 = 1 - b1 ** t;
  const c2 = 1 - b2 ** t;
  for (let i = 0; i < p.length; i++) {
    const gi = g[i]! + decay * p[i]!;
    s.m[i] = b1 * s.m[i]! + (1 - b1) * gi;
    s.v[i] = b2 * s.v[i]! + (1 - b2) * gi * gi;
    p[i]! -= (lr * (s.m[i]! / c1)) / (Math.sqrt(s.v[i]! / c2) + 1e-8);
  }
  g.fill(0);
}

/** Groups → window indices, for per-epoch capped sampling. */
function windowsByGroup(set: EncodedSet, allowed: ReadonlySet<number>): Map<string, number[]> {
  const byGroup = new Map<string, number[]>();
  for (let i = 0; i < set.size; i++) {
    if (!allowed.has(set.textOf[i]!) || set.scoreOnly[i] === 1) continue;
    const g = set.texts[set.textOf[i]!]!.group;
    let list = byGroup.get(g);
    if (list === undefined) byGroup.set(g, (list = []));
    list.push(i);
  }
  // In code-unit order of the group names (keys are unique), so the draw does not depend on insertion order.
  return new Map([...byGroup].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Positive-class multiplier per head that balances positives against negatives. */
function headBalance(set: EncodedSet, windows: readonly number[]): Float32Array {
  const K = HEADS.length;
  const pos = new Float64Array(K);
  const neg = new Float64Array(K);
  for (const i of windows) {
    for (let k = 0; k < K; k++) {
      const y = set.targets[i * K + k]!;
      if (Number.isNaN(y)) continue;
      if (y > 0.5) pos[k]! += set.weights[i]!;
      else neg[k]! += set.weights[i]!;
    }
  }
  const out = new Float32Array(K);
  for (let k = 0; k < K; k++) out[k] = pos[k]! > 0 ? Math.min(10, Math.max(0.1, neg[k]! / pos[k]!)) : 1;
  return out;
}

/** Trains a network on the windows of the allowed texts. Deterministic for a given config. */
/**
 * Pooling weight per bucket: smoothed inverse document frequency over the encoded windows that are
 * trained on (unsupervised: labels are not used, so held-out folds may share it).
 */
export function bucketWeights(set: EncodedSet, buckets: number): Float32Array {
  const df = new Float64Array(buckets);
  const lastWindow = new Int32Array(buckets).fill(-1);
  let windows = 0;
  for (let w = 0; w < set.size; w++) {
    if (set.scoreOnly[w] === 1) continue;
    windows++;
    for (let i = set.idStart[w]!; i < set.idStart[w + 1]!; i++) {
      const id = set.ids[i]!;
      if (lastWindow[id] !== w) {
        lastWindow[id] = w;
        df[id]! += 1;
      }
    }
  }
  const out = new Float32Array(buckets);
  for (let b = 0; b < buckets; b++) out[b] = Math.log((windows + 1) / (df[b]! + 1));
  return out;
}

export function train(
  set: EncodedSet,
  allowedTexts: ReadonlySet<number>,
  cfg: TrainConfig,
  weights: Float32Array,
  log: (s: string) => void = () => {},
): DetectorNetwork {
  const rng = new Random(cfg.seed);
  const K = HEADS.length;
  const H = cfg.hidden;
  const D = set.denseSize;
  const B = cfg.buckets;
  const params: NetworkParams = {
    embedding: new Float32Array(B * H),
    embeddingScale: new Float32Array(B).fill(1),
    bucketWeights: weights,
    denseWeights: new Float32Array(H * D),
    hiddenBias: new Float32Array(H),
    headWeights: new Float32Array(K * H),
    headBias: new Float32Array(K),
  };
  for (let i = 0; i < params.embedding.length; i++) params.embedding[i] = (rng.next() - 0.5) * 0.02;
  const initDense = Math.sqrt(2 / D);
  for (let i = 0; i < params.denseWeights.length; i++) params.denseWeights[i] = rng.normal() * initDense;
  const initHead = Math.sqrt(1 / H);
  for (let i = 0; i < params.headWeights.length; i++) params.headWeights[i] = rng.normal() * initHead;
  params.hiddenBias.fill(0.01);

  const grads = {
    denseWeights: new Float32Array(H * D),
    hiddenBias: new Float32Array(H),
    headWeights: new Float32Array(K * H),
    headBias: new Float32Array(K),
  };
  const opt = { denseWeights: adam(H * D), hiddenBias: adam(H), headWeights: adam(K * H), headBias: adam(K) };
  const rowAccumulator = new Float32Array(B).fill(1e-6);

  const groups = windowsByGroup(set, allowedTexts);
  const balance = headBalance(set, [...groups.values()].flat());
  const sum = new Float32Array(H);
  const pre = new Float32Array(H);
  const h = new Float32Array(H);
  const mask = new Float32Array(H);
  const gh = new Float32Array(H);
  const x = new Float32Array(D);
  const kept = new Int32Array(1 << 16);
  const vectorPart = set.wordDims * 2; // mean and max of word vectors, at the front of the dense input
  let step = 0;

  for (let epoch = 0; epoch < cfg.epochs; epoch++) {
    const order: number[] = [];
    for (const [group, windows] of groups) {
      const list = rng.shuffle(windows.slice());
      const cap = group.startsWith('synthetic:') ? cfg.capPerWrittenGroup : cfg.capPerGroup;
      for (let i = 0; i < Math.min(cap, list.length); i++) order.push(list[i]!);
    }
    rng.shuffle(order);
    const progress = epoch / cfg.epochs;
    const lrScale = 1 - 0.8 * progress;
    let loss = 0;
    let inBatch = 0;
    for (const w of order) {
      // Forward with dropout.
      const from = set.idStart[w]!;
      const to = set.idStart[w + 1]!;
      let n = 0;
      if (rng.next() >= cfg.bagDropout) {
        for (let i = from; i < to && n < kept.length; i++) if (rng.next() >= cfg.idDropout) kept[n++] = set.ids[i]!;
      }
      sum.fill(0);
      let total = 0;
      for (let i = 0; i < n; i++) {
        const u = weights[kept[i]!]!;
        total += u;
        const o = kept[i]! * H;
        for (let j = 0; j < H; j++) sum[j]! += u * params.embedding[o + j]!;
      }
      const inv = 1 / (total + cfg.poolPrior + 1e-9);
      x.set(set.dense.subarray(w * D, (w + 1) * D));
      if (rng.next() < cfg.vectorDropout) x.fill(0, 0, vectorPart);
      for (let j = 0; j < H; j++) {
        let s = params.hiddenBias[j]! + sum[j]! * inv;
        const o = j * D;
        for (let d = 0; d < D; d++) s += params.denseWeights[o + d]! * x[d]!;
        pre[j] = s;
        mask[j] = s > 0 && rng.next() >= cfg.hiddenDropout ? 1 / (1 - cfg.hiddenDropout) : 0;
        h[j] = s * mask[j]!;
      }
      gh.fill(0);
      const weight = set.weights[w]!;
      for (let k = 0; k < K; k++) {
        const y = set.targets[w * K + k]!;
        if (Number.isNaN(y)) continue;
        let z = params.headBias[k]!;
        const o = k * H;
        for (let j = 0; j < H; j++) z += params.headWeights[o + j]! * h[j]!;
        const p = 1 / (1 + Math.exp(-z));
        const wk = weight * (y > 0.5 ? balance[k]! : 1);
        loss += -wk * (y > 0.5 ? Math.log(p + 1e-9) : Math.log(1 - p + 1e-9));
        const gz = wk * (p - y);
        grads.headBias[k]! += gz;
        for (let j = 0; j < H; j++) {
          grads.headWeights[o + j]! += gz * h[j]!;
          gh[j]! += gz * params.headWeights[o + j]!;
        }
      }
      // Backward into the hidden layer, the dense weights and (immediately, Adagrad) the embedding rows.
      let gNorm = 0;
      for (let j = 0; j < H; j++) {
        const g = gh[j]! * mask[j]!;
        gh[j] = g;
        gNorm += g * g;
        if (g === 0) continue;
        grads.hiddenBias[j]! += g;
        const o = j * D;
        for (let d = 0; d < D; d++) grads.denseWeights[o + d]! += g * x[d]!;
      }
      if (n > 0 && gNorm > 0) {
        for (let i = 0; i < n; i++) {
          const r = kept[i]!;
          const u = weights[r]! * inv;
          rowAccumulator[r]! += (gNorm * u * u) / H;
          const lr = (cfg.lrSparse * lrScale * u) / Math.sqrt(rowAccumulator[r]!);
          const o = r * H;
          for (let j = 0; j < H; j++) params.embedding[o + j]! -= lr * gh[j]!;
        }
      }
      if (++inBatch === cfg.batch) {
        step++;
        const lr = cfg.lrDense * lrScale;
        const scale = 1 / inBatch;
        for (const key of ['denseWeights', 'hiddenBias', 'headWeights', 'headBias'] as const) {
          const g = grads[key];
          for (let i = 0; i < g.length; i++) g[i]! *= scale;
          adamStep(params[key], g, opt[key], lr, step, key === 'denseWeights' ? cfg.weightDecay : 0);
        }
        inBatch = 0;
      }
    }
    log(`epoch ${epoch + 1}/${cfg.epochs}: ${order.length} windows, loss ${(loss / order.length).toFixed(4)}`);
  }
  return new DetectorNetwork({ hidden: H, dense: D, heads: K, poolPrior: cfg.poolPrior }, params);
}

/** Raw logits of every window of the given texts; per text, the maximum over its windows. */
export function predictTexts(net: DetectorNetwork, set: EncodedSet, texts: ReadonlySet<number>): Map<number, Float32Array> {
  const K = HEADS.length;
  const out = new Map<number, Float32Array>();
  const z = new Float32Array(K);
  for (let w = 0; w < set.size; w++) {
    const t = set.textOf[w]!;
    if (!texts.has(t)) continue;
    net.logits({ sparse: set.ids.subarray(set.idStart[w]!, set.idStart[w + 1]!), dense: set.dense.subarray(w * set.denseSize, (w + 1) * set.denseSize) }, z);
    const best = out.get(t);
    if (best === undefined) out.set(t, Float32Array.from(z));
    else for (let k = 0; k < K; k++) if (z[k]! > best[k]!) best[k] = z[k]!;
  }
  return out;
}
