import type { WindowFeatures } from './features.ts';

/**
 * The shared encoder and heads: h = relu(Σ u[id]·E[id] / (Σ u[id] + prior) + W·dense + b); logits = V·h + c,
 * where u are per-bucket weights (inverse document frequency of the hashed features, so that rare,
 * telling n-grams outweigh the ones every text contains). The prior is a pseudo-count of empty
 * evidence: a text of a few n-grams gets a pooled embedding near zero, so a short message needs
 * strong features to score high, while long texts are hardly affected.
 * One pass computes every head. Parameters are plain Float32Arrays, row-major.
 */
export interface NetworkParams {
  /** buckets × hidden: embedding of hashed sparse features (int8 rows at inference, float in training). */
  embedding: Float32Array | Int8Array;
  /** buckets: scale of each embedding row (1 for float rows). */
  embeddingScale: Float32Array;
  /** buckets: pooling weight of each hashed feature. */
  bucketWeights: Float32Array;
  /** hidden × denseSize */
  denseWeights: Float32Array;
  hiddenBias: Float32Array;
  /** heads × hidden */
  headWeights: Float32Array;
  headBias: Float32Array;
}

export interface NetworkShape {
  hidden: number;
  dense: number;
  heads: number;
  /** Pooling pseudo-count (in units of bucket weight). */
  poolPrior: number;
}

export class DetectorNetwork {
  readonly shape: NetworkShape;
  readonly params: NetworkParams;
  readonly #hidden: Float32Array;

  constructor(shape: NetworkShape, params: NetworkParams) {
    this.shape = shape;
    this.params = params;
    this.#hidden = new Float32Array(shape.hidden);
  }

  /** Writes the raw head logits for one window into `out` (length = heads). */
  logits(features: WindowFeatures, out: Float32Array): void {
    const { hidden: H, dense: D, heads: K } = this.shape;
    const { embedding, embeddingScale, bucketWeights, denseWeights, hiddenBias, headWeights, headBias } = this.params;
    const h = this.#hidden;
    h.fill(0);
    const ids = features.sparse;
    let total = 0;
    // Four rows at a time: their cache misses overlap instead of queuing one after another.
    let i = 0;
    for (; i + 4 <= ids.length; i += 4) {
      const a = ids[i]!,
        b = ids[i + 1]!,
        c = ids[i + 2]!,
        d = ids[i + 3]!;
      const ua = bucketWeights[a]!,
        ub = bucketWeights[b]!,
        uc = bucketWeights[c]!,
        ud = bucketWeights[d]!;
      total += ua + ub + uc + ud;
      const ca = ua * embeddingScale[a]!,
        cb = ub * embeddingScale[b]!,
        cc = uc * embeddingScale[c]!,
        cd = ud * embeddingScale[d]!;
      const oa = a * H,
        ob = b * H,
        oc = c * H,
        od = d * H;
      for (let j = 0; j < H; j++) {
        h[j]! += ca * embedding[oa + j]! + cb * embedding[ob + j]! + cc * embedding[oc + j]! + cd * embedding[od + j]!;
      }
    }
    for (; i < ids.length; i++) {
      const id = ids[i]!;
      const u = bucketWeights[id]!;
      total += u;
      const c = u * embeddingScale[id]!;
      const o = id * H;
      for (let j = 0; j < H; j++) h[j]! += c * embedding[o + j]!;
    }
    const inv = 1 / (total + this.shape.poolPrior + 1e-9);
    const x = features.dense;
    // Four hidden units at a time: four independent sums, each added in the same order as alone, so
    // the additions of one do not wait on those of another.
    let j = 0;
    for (; j + 4 <= H; j += 4) {
      let s0 = hiddenBias[j]! + h[j]! * inv;
      let s1 = hiddenBias[j + 1]! + h[j + 1]! * inv;
      let s2 = hiddenBias[j + 2]! + h[j + 2]! * inv;
      let s3 = hiddenBias[j + 3]! + h[j + 3]! * inv;
      const o0 = j * D;
      const o1 = o0 + D;
      const o2 = o1 + D;
      const o3 = o2 + D;
      for (let d = 0; d < D; d++) {
        const v = x[d]!;
        s0 += denseWeights[o0 + d]! * v;
        s1 += denseWeights[o1 + d]! * v;
        s2 += denseWeights[o2 + d]! * v;
        s3 += denseWeights[o3 + d]! * v;
      }
      h[j] = relu(s0);
      h[j + 1] = relu(s1);
      h[j + 2] = relu(s2);
      h[j + 3] = relu(s3);
    }
    for (; j < H; j++) {
      let s = hiddenBias[j]! + h[j]! * inv;
      const o = j * D;
      for (let d = 0; d < D; d++) s += denseWeights[o + d]! * x[d]!;
      h[j] = relu(s);
    }
    for (let k = 0; k < K; k++) {
      let s = headBias[k]!;
      const o = k * H;
      for (let j = 0; j < H; j++) s += headWeights[o + j]! * h[j]!;
      out[k] = s;
    }
  }
}

/** max(0, s), with NaN mapped to 0. */
function relu(s: number): number {
  // biome-ignore lint/complexity/useMathMinMax: Math.max would pass NaN on.
  return s > 0 ? s : 0;
}
