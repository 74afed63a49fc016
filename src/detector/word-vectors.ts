import { fnv1a } from '../models/hashing.ts';

/** Seed of the word hash that keys both the hashed word features and the word-vector look-up. */
export const WORD_SEED = 0x9e3779b9;

/**
 * A compact word-vector table: a vocabulary (one word a line) and int8 rows with one float32 scale
 * each (a row is 100 bytes: two cache lines instead of seven for float32). Derived at training time
 * from GloVe vectors. Words are looked up by their 32-bit hash in an open-addressing table, so the
 * hot path never slices a string out of the text; a collision between an unknown word and a
 * vocabulary word (a chance of about 1 in 80,000 per unknown word) only lends it that word's vector.
 */
/** 0 marks an empty slot, so a hash of 0 is stored as 1. */
function keyOf(hash: number): number {
  return hash === 0 ? 1 : hash;
}

export class WordVectors {
  readonly dims: number;
  readonly q: Int8Array;
  readonly scales: Float32Array;
  readonly #keys: Uint32Array;
  readonly #rows: Int32Array;
  readonly #mask: number;
  readonly #size: number;

  /** `table`: float rows (quantised here to int8 with one scale per row), or int8 rows with their scales. */
  constructor(words: readonly string[], table: Float32Array | { q: Int8Array; scales: Float32Array }, dims: number) {
    const size = table instanceof Float32Array ? table.length : table.q.length;
    if (size !== words.length * dims) throw new Error('Word-vector table does not match vocabulary.');
    this.dims = dims;
    this.#size = words.length;
    if (table instanceof Float32Array) {
      this.q = new Int8Array(table.length);
      this.scales = new Float32Array(words.length);
      for (let r = 0; r < words.length; r++) {
        let max = 0;
        for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(table[r * dims + d]!));
        const s = max > 0 ? max / 127 : 1;
        this.scales[r] = s;
        for (let d = 0; d < dims; d++) this.q[r * dims + d] = Math.round(table[r * dims + d]! / s);
      }
    } else {
      this.q = table.q;
      this.scales = table.scales;
    }
    let slots = 1;
    while (slots < words.length * 2) slots <<= 1;
    this.#mask = slots - 1;
    this.#keys = new Uint32Array(slots);
    this.#rows = new Int32Array(slots).fill(-1);
    words.forEach((w, i) => {
      const key = keyOf(fnv1a(w, WORD_SEED));
      let at = key & this.#mask;
      while (this.#keys[at] !== 0 && this.#keys[at] !== key) at = (at + 1) & this.#mask;
      if (this.#keys[at] === 0) {
        this.#keys[at] = key;
        this.#rows[at] = i;
      }
    });
  }

  get size(): number {
    return this.#size;
  }

  /** Row index of the word whose `fnv1a(word, WORD_SEED)` is `hash`, or -1. */
  rowOfHash(hash: number): number {
    const key = keyOf(hash);
    let at = key & this.#mask;
    for (;;) {
      const k = this.#keys[at]!;
      if (k === key) return this.#rows[at]!;
      if (k === 0) return -1;
      at = (at + 1) & this.#mask;
    }
  }

  /** Row offset of `word` in the tables, or -1 when the word is unknown. */
  offsetOf(word: string): number {
    const row = this.rowOfHash(fnv1a(word, WORD_SEED));
    return row < 0 ? -1 : row * this.dims;
  }

  /** The table dequantised to float32 (a copy). */
  get vectors(): Float32Array {
    const out = new Float32Array(this.q.length);
    for (let i = 0; i < out.length; i++) out[i] = this.q[i]! * this.scales[Math.floor(i / this.dims)]!;
    return out;
  }
}
