import type { Random } from '../random.ts';
import type { FeaturisedTexts } from './featurise.ts';

/**
 * The trainable sentence encoder. Each vocabulary word w has a fixed unit GloVe vector g_w and a
 * frequency prior s_w (log of the SIF weight a / (a + p(w))). The model learns
 *   - a projection P (glove × dims): the word's vector x_w = Pᵀ g_w,
 *   - attention from meaning: the word's weight α_w = exp(v · g_w + β s_w), so words that signal an
 *     attack ("ignore", "unfiltered") can outweigh topic words — for any word GloVe knows, not only
 *     the ones seen in training,
 *   - an embedding E for hashed sub-word features (buckets × dims),
 * and encodes a text as the unit vector of Σ α_w x_w / Σ α_w + mean of its hashed embeddings.
 * Both per-word quantities depend on the word alone, so export precomputes them into a table and
 * inference costs one lookup per token.
 */
export interface EncoderShape {
  gloveDims: number;
  dims: number;
  buckets: number;
}

const ENCODE_BATCH = 2048;
const LOGIT_MIN = -30;
const LOGIT_MAX = 12;

export class EncoderModel {
  readonly shape: EncoderShape;
  readonly glove: Float32Array;
  readonly logSif: Float32Array;
  readonly P: Float32Array;
  readonly v: Float32Array;
  readonly beta = new Float32Array([1]);
  readonly E: Float32Array;
  /** Scratch, per vocabulary word: the batch's attention weights (0 outside a pass) and clamping. */
  readonly #weight: Float32Array;
  readonly #clamped: Uint8Array;

  constructor(glove: Float32Array, logSif: Float32Array, shape: EncoderShape, rng: Random) {
    this.shape = shape;
    this.glove = glove;
    this.logSif = logSif;
    this.P = new Float32Array(shape.gloveDims * shape.dims).map(() => rng.normal() / 10);
    this.v = new Float32Array(shape.gloveDims);
    this.E = new Float32Array(shape.buckets * shape.dims);
    this.#weight = new Float32Array(logSif.length);
    this.#clamped = new Uint8Array(logSif.length);
  }

  /** Attention logit of vocabulary word `w`. */
  logit(w: number): number {
    const G = this.shape.gloveDims;
    let z = this.beta[0]! * this.logSif[w]!;
    for (let k = 0; k < G; k++) z += this.v[k]! * this.glove[w * G + k]!;
    return Math.min(LOGIT_MAX, Math.max(LOGIT_MIN, z));
  }

  /** x_w = Pᵀ g_w into `out` at `offset`. */
  project(w: number, out: Float32Array, offset: number): void {
    const { gloveDims: G, dims: D } = this.shape;
    out.fill(0, offset, offset + D);
    for (let k = 0; k < G; k++) {
      const g = this.glove[w * G + k]!;
      if (g === 0) continue;
      const row = k * D;
      for (let d = 0; d < D; d++) out[offset + d]! += g * this.P[row + d]!;
    }
  }

  /** Unit embeddings (n × dims) of the given rows, without gradients, in batches (a batch's words are weighted once). */
  encode(data: FeaturisedTexts, rows: readonly number[]): Float32Array {
    const D = this.shape.dims;
    const out = new Float32Array(rows.length * D);
    for (let i = 0; i < rows.length; i += ENCODE_BATCH) out.set(this.forward(data, rows.slice(i, i + ENCODE_BATCH)).e, i * D);
    return out;
  }

  /**
   * Forward pass over a batch; `backward(de)` then adds the gradients of a loss with gradient `de`
   * (n × dims) with respect to the embeddings into `grads`. The projection is linear, so it is applied
   * after pooling: Σ α_w Pᵀg_w / Σ α_w = Pᵀ ḡ with ḡ the attention-weighted mean GloVe vector.
   */
  forward(data: FeaturisedTexts, rows: ArrayLike<number>): BatchPass {
    const { gloveDims: G, dims: D } = this.shape;
    const { glove, P, E, logSif } = this;
    const { wordStart, wordIds, wordCounts, hashStart, hashIds, hashWeights } = data;
    const n = rows.length;
    // Attention weight of each distinct word of the batch, computed once (0 = not yet).
    const weight = this.#weight;
    const seen: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      for (let j = wordStart[r]!; j < wordStart[r + 1]!; j++) {
        const w = wordIds[j]!;
        if (weight[w] !== 0) continue;
        const z = this.logit(w);
        weight[w] = Math.exp(z);
        this.#clamped[w] = z === LOGIT_MIN || z === LOGIT_MAX ? 1 : 0;
        seen.push(w);
      }
    }
    // c·α per word occurrence of the batch, in row order, so the scratch can be cleared now.
    let occurrences = 0;
    for (let i = 0; i < n; i++) occurrences += wordStart[rows[i]! + 1]! - wordStart[rows[i]!]!;
    const occWeight = new Float32Array(occurrences);
    const occFrozen = new Uint8Array(occurrences);
    for (let i = 0, o = 0; i < n; i++) {
      for (let j = wordStart[rows[i]!]!; j < wordStart[rows[i]! + 1]!; j++, o++) {
        occWeight[o] = wordCounts[j]! * weight[wordIds[j]!]!;
        occFrozen[o] = this.#clamped[wordIds[j]!]!;
      }
    }
    for (const w of seen) weight[w] = 0;
    const gbar = new Float32Array(n * G);
    const A = new Float32Array(n);
    const h = new Float32Array(n * D);
    const norms = new Float32Array(n);
    const e = new Float32Array(n * D);
    for (let i = 0, o = 0; i < n; i++) {
      const r = rows[i]!;
      const gi = i * G;
      const hi = i * D;
      let sum = 0;
      for (let j = wordStart[r]!; j < wordStart[r + 1]!; j++, o++) {
        const w = wordIds[j]!;
        const c = occWeight[o]!;
        sum += c;
        const g = w * G;
        for (let k = 0; k < G; k++) gbar[gi + k]! += c * glove[g + k]!;
      }
      A[i] = sum;
      if (sum > 0) {
        for (let k = 0; k < G; k++) {
          const gk = (gbar[gi + k]! /= sum);
          const row = k * D;
          for (let d = 0; d < D; d++) h[hi + d]! += gk * P[row + d]!;
        }
      }
      for (let j = hashStart[r]!; j < hashStart[r + 1]!; j++) {
        const wgt = hashWeights[j]!;
        const o = hashIds[j]! * D;
        for (let d = 0; d < D; d++) h[hi + d]! += wgt * E[o + d]!;
      }
      let norm = 0;
      for (let d = 0; d < D; d++) norm += h[hi + d]! * h[hi + d]!;
      const inv = 1 / (Math.sqrt(norm) + 1e-9);
      norms[i] = Math.sqrt(norm) + 1e-9;
      for (let d = 0; d < D; d++) e[hi + d] = h[hi + d]! * inv;
    }
    const backward = (de: Float32Array, grads: EncoderGradients): void => {
      const dh = new Float32Array(D);
      const dg = new Float32Array(G);
      const gP = grads.P;
      const gv = grads.v;
      let gBeta = 0;
      for (let i = 0, o = 0; i < n; i++) {
        const r = rows[i]!;
        const gi = i * G;
        const hi = i * D;
        let dot = 0;
        for (let d = 0; d < D; d++) dot += e[hi + d]! * de[hi + d]!;
        for (let d = 0; d < D; d++) dh[d] = (de[hi + d]! - e[hi + d]! * dot) / norms[i]!;
        for (let j = hashStart[r]!; j < hashStart[r + 1]!; j++) grads.addHash(hashIds[j]!, hashWeights[j]!, dh);
        if (A[i]! <= 0) {
          o += wordStart[r + 1]! - wordStart[r]!;
          continue;
        }
        // dP += ḡ ⊗ dh; dḡ = P dh.
        let base = 0;
        for (let k = 0; k < G; k++) {
          const gk = gbar[gi + k]!;
          const row = k * D;
          let acc = 0;
          for (let d = 0; d < D; d++) {
            gP[row + d]! += gk * dh[d]!;
            acc += P[row + d]! * dh[d]!;
          }
          dg[k] = acc;
          base += gk * acc;
        }
        // ḡ = Σ c α_w g_w / Σ c α_w, so ∂ḡ/∂logit_w = c α_w (g_w − ḡ) / A.
        for (let j = wordStart[r]!; j < wordStart[r + 1]!; j++, o++) {
          if (occFrozen[o]) continue;
          const w = wordIds[j]!;
          const g = w * G;
          let proj = 0;
          for (let k = 0; k < G; k++) proj += glove[g + k]! * dg[k]!;
          const dz = (occWeight[o]! / A[i]!) * (proj - base);
          for (let k = 0; k < G; k++) gv[k]! += dz * glove[g + k]!;
          gBeta += dz * logSif[w]!;
        }
      }
      grads.beta[0]! += gBeta;
    };
    return { e, backward };
  }
}

export interface BatchPass {
  e: Float32Array;
  backward(de: Float32Array, grads: EncoderGradients): void;
}

/** Gradients of one step: dense for the small tensors, row-sparse for the hashed embedding. */
export class EncoderGradients {
  readonly P: Float32Array;
  readonly v: Float32Array;
  readonly beta = new Float32Array(1);
  readonly E: Float32Array;
  readonly touched: number[] = [];
  readonly #isTouched: Uint8Array;
  readonly #dims: number;

  constructor(shape: EncoderShape) {
    this.P = new Float32Array(shape.gloveDims * shape.dims);
    this.v = new Float32Array(shape.gloveDims);
    this.E = new Float32Array(shape.buckets * shape.dims);
    this.#isTouched = new Uint8Array(shape.buckets);
    this.#dims = shape.dims;
  }

  addHash(bucket: number, weight: number, dh: Float32Array): void {
    const D = this.#dims;
    if (!this.#isTouched[bucket]) {
      this.#isTouched[bucket] = 1;
      this.touched.push(bucket);
    }
    for (let d = 0; d < D; d++) this.E[bucket * D + d]! += weight * dh[d]!;
  }

  reset(): void {
    this.P.fill(0);
    this.v.fill(0);
    this.beta.fill(0);
    const D = this.#dims;
    for (const b of this.touched) {
      this.E.fill(0, b * D, (b + 1) * D);
      this.#isTouched[b] = 0;
    }
    this.touched.length = 0;
  }
}

/** Adam; the hashed embedding is updated lazily, only on the rows a step touched. */
export class EncoderOptimizer {
  readonly #lr: number;
  readonly #m: Float32Array[];
  readonly #s: Float32Array[];
  #t = 0;

  constructor(model: EncoderModel, lr: number) {
    this.#lr = lr;
    this.#m = [model.P, model.v, model.beta, model.E].map((p) => new Float32Array(p.length));
    this.#s = [model.P, model.v, model.beta, model.E].map((p) => new Float32Array(p.length));
  }

  step(model: EncoderModel, grads: EncoderGradients): void {
    this.#t++;
    const c1 = 1 - 0.9 ** this.#t;
    const c2 = 1 - 0.999 ** this.#t;
    const update = (k: number, p: Float32Array, g: Float32Array, from: number, to: number) => {
      const m = this.#m[k]!;
      const s = this.#s[k]!;
      for (let i = from; i < to; i++) {
        m[i] = 0.9 * m[i]! + 0.1 * g[i]!;
        s[i] = 0.999 * s[i]! + 0.001 * g[i]! * g[i]!;
        p[i]! -= (this.#lr * (m[i]! / c1)) / (Math.sqrt(s[i]! / c2) + 1e-8);
      }
    };
    update(0, model.P, grads.P, 0, model.P.length);
    update(1, model.v, grads.v, 0, model.v.length);
    update(2, model.beta, grads.beta, 0, 1);
    const D = model.shape.dims;
    for (const b of grads.touched) update(3, model.E, grads.E, b * D, (b + 1) * D);
  }
}
