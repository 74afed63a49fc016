import { endianness } from 'node:os';
import { MAX_SPARSE_FEATURES, sparseFeatures, ViewBuffers, windowRows, WINDOW_SIZE, type TokenView } from './features.ts';

/** The PERSON token classifier as training produces it, with float tables. */
export interface TrainedNetwork {
  hashBits: number;
  hidden: number;
  /** Embedding width (GloVe vectors projected down at training time). */
  dim: number;
  /** (2^hashBits) × hidden: each sparse feature's contribution to the hidden layer. */
  sparse: Float32Array;
  /** hidden × (WINDOW_SIZE × dim). */
  dense: Float32Array;
  hiddenBias: Float32Array;
  output: Float32Array;
  outputBias: number;
  /** (vocabulary + 3 special rows) × dim. */
  embeddings: Float32Array;
}

/**
 * The PERSON token classifier as shipped and scored: one hidden ReLU layer over hashed sparse
 * features and the embeddings of a five-token window, and a logistic output (probability the token
 * is part of a name). The two large tables stay int8 (value = integer × scale): scoring is bound by
 * reading rows scattered over them, and int8 rows are a quarter of the memory traffic.
 */
export interface PersonNetwork extends Omit<TrainedNetwork, 'sparse' | 'embeddings'> {
  sparse: Int8Array;
  sparseScale: number;
  embeddings: Int8Array;
  embeddingScale: number;
}

/** Bytes of a sparse row read at once: four int8 weights in one int32. */
const LANES = 4;
/** A 16-bit half of a lane sum holds up to 257 biased bytes (257 · 255 < 2^16). */
const MAX_LANE_SUMS = 257;

/**
 * Scratch buffers reused across tokens so scoring allocates nothing, and across texts for the
 * views it scores. The sparse rows are summed four weights at a time: each int32 of a row holds
 * four int8 weights, biased to unsigned bytes and added pairwise into two 16-bit halves, which is
 * exact as long as no half overflows.
 */
export class Scorer {
  readonly net: PersonNetwork;
  readonly viewBuffers = new ViewBuffers();
  readonly #features = new Int32Array(MAX_SPARSE_FEATURES);
  readonly #rows = new Int32Array(WINDOW_SIZE);
  readonly #hidden: Float32Array;
  readonly #sums: Int32Array;
  /** The embedding row of one window position, read once for all hidden units. */
  readonly #embedding: Float64Array;
  /** The sparse table, LANES weights per element (little-endian: the first weight in the low byte). */
  readonly #sparseLanes: Int32Array;

  constructor(net: PersonNetwork) {
    if (net.hidden % LANES !== 0 || net.sparse.byteOffset % LANES !== 0)
      throw new Error(`PII person model: the hidden layer must have a multiple of ${LANES} units.`);
    if (endianness() !== 'LE') throw new Error('PII person model: scoring needs a little-endian machine.');
    if (MAX_SPARSE_FEATURES > MAX_LANE_SUMS) throw new Error(`PII person model: at most ${MAX_LANE_SUMS} sparse features per token.`);
    this.net = net;
    this.#hidden = new Float32Array(net.hidden);
    this.#sums = new Int32Array(net.hidden);
    this.#embedding = new Float64Array(net.dim);
    this.#sparseLanes = new Int32Array(net.sparse.buffer, net.sparse.byteOffset, net.sparse.length / LANES);
  }

  /** Probability that token i of the view is (part of) a person's name. */
  score(view: TokenView, i: number): number {
    const net = this.net;
    const h = this.#hidden;
    const H = net.hidden;
    const P = net.dim;
    const sums = this.#sums;
    const lanes = this.#sparseLanes;
    const features = this.#features;
    const n = sparseFeatures(view, i, (1 << net.hashBits) - 1, features);
    const perRow = H / LANES;
    for (let q = 0; q < perRow; q++) {
      // Bytes 0 and 2 of each int32 add up in `even`, bytes 1 and 3 in `odd`, each biased by +128.
      let even = 0;
      let odd = 0;
      for (let f = 0; f < n; f++) {
        const v = lanes[features[f]! * perRow + q]! ^ 0x80808080;
        even += v & 0x00ff00ff;
        odd += (v >>> 8) & 0x00ff00ff;
      }
      const bias = 128 * n;
      sums[q * LANES] = (even & 0xffff) - bias;
      sums[q * LANES + 1] = (odd & 0xffff) - bias;
      sums[q * LANES + 2] = (even >>> 16) - bias;
      sums[q * LANES + 3] = (odd >>> 16) - bias;
    }
    const hiddenBias = net.hiddenBias;
    const sparseScale = net.sparseScale;
    for (let k = 0; k < H; k++) h[k] = hiddenBias[k]! + sums[k]! * sparseScale;
    const rows = this.#rows;
    windowRows(view, i, rows);
    const dense = net.dense;
    const embeddings = net.embeddings;
    const embeddingScale = net.embeddingScale;
    const width = WINDOW_SIZE * P;
    const embedding = this.#embedding;
    for (let w = 0; w < WINDOW_SIZE; w++) {
      const e = rows[w]! * P;
      for (let j = 0; j < P; j++) embedding[j] = embeddings[e + j]!;
      for (let k = 0; k < H; k++) {
        const row = k * width + w * P;
        let sum = 0;
        for (let j = 0; j < P; j++) sum += dense[row + j]! * embedding[j]!;
        h[k] = h[k]! + sum * embeddingScale;
      }
    }
    const output = net.output;
    let z = net.outputBias;
    for (let k = 0; k < H; k++) if (h[k]! > 0) z += h[k]! * output[k]!;
    return 1 / (1 + Math.exp(-z));
  }
}
