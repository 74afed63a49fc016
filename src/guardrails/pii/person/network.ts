import { MAX_SPARSE_FEATURES, sparseFeatures, windowRows, WINDOW_SIZE, type TokenView } from './features.ts';

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

/** Scratch buffers reused across tokens so scoring allocates nothing. */
export class Scorer {
  readonly net: PersonNetwork;
  readonly #features = new Int32Array(MAX_SPARSE_FEATURES);
  readonly #rows = new Int32Array(WINDOW_SIZE);
  readonly #hidden: Float32Array;
  readonly #sums: Int32Array;

  constructor(net: PersonNetwork) {
    this.net = net;
    this.#hidden = new Float32Array(net.hidden);
    this.#sums = new Int32Array(net.hidden);
  }

  /** Probability that token i of the view is (part of) a person's name. */
  score(view: TokenView, i: number): number {
    const net = this.net;
    const h = this.#hidden;
    const H = net.hidden;
    const P = net.dim;
    const sums = this.#sums;
    const sparse = net.sparse;
    const features = this.#features;
    sums.fill(0);
    const n = sparseFeatures(view, i, (1 << net.hashBits) - 1, features);
    for (let f = 0; f < n; f++) {
      const base = features[f]! * H;
      for (let k = 0; k < H; k++) sums[k] = sums[k]! + sparse[base + k]!;
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
    for (let w = 0; w < WINDOW_SIZE; w++) {
      const e = rows[w]! * P;
      for (let k = 0; k < H; k++) {
        const row = k * width + w * P;
        let sum = 0;
        for (let j = 0; j < P; j++) sum += dense[row + j]! * embeddings[e + j]!;
        h[k] = h[k]! + sum * embeddingScale;
      }
    }
    const output = net.output;
    let z = net.outputBias;
    for (let k = 0; k < H; k++) if (h[k]! > 0) z += h[k]! * output[k]!;
    return 1 / (1 + Math.exp(-z));
  }
}
