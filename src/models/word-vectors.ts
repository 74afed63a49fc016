/**
 * A compact word-vector table: a vocabulary (one word a line) and int8 rows with one float32 scale
 * each, dequantised into one Float32Array at load. Derived at training time from GloVe vectors.
 */
export class WordVectors {
  readonly dims: number;
  readonly #index: Map<string, number>;
  readonly #vectors: Float32Array;

  constructor(words: readonly string[], vectors: Float32Array, dims: number) {
    if (vectors.length !== words.length * dims) throw new Error('word-vector table does not match vocabulary');
    this.dims = dims;
    this.#vectors = vectors;
    this.#index = new Map();
    words.forEach((w, i) => this.#index.set(w, i));
  }

  get size(): number {
    return this.#index.size;
  }

  /** Row offset of `word` in `vectors`, or -1 when the word is unknown. */
  offsetOf(word: string): number {
    const i = this.#index.get(word);
    return i === undefined ? -1 : i * this.dims;
  }

  get vectors(): Float32Array {
    return this.#vectors;
  }
}
