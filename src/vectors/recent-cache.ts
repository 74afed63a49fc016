/**
 * A bounded cache that keeps what was used recently: entries live in a current generation and, once
 * it holds `generationSize`, in the previous one, which is dropped when the current one fills again.
 * A hit in the previous generation moves the entry to the current one, so frequent keys stay while
 * rare ones age out; at most twice `generationSize` entries are held, with no per-use bookkeeping.
 *
 * `keep` gives the key to hold, equal to the one asked for: a string sliced out of a message keeps
 * the whole message alive while the slice lives, so text keys are held as copies (`detachedCopy`).
 */
export class RecentCache<K, V> {
  readonly generationSize: number;
  readonly #keep: (key: K) => K;
  #current = new Map<K, V>();
  #previous = new Map<K, V>();

  constructor(generationSize: number, keep: (key: K) => K = (key) => key) {
    this.generationSize = generationSize;
    this.#keep = keep;
  }

  /** The value of `key`, computed by `make` and kept when it is not held. */
  get(key: K, make: (key: K) => V): V {
    let value = this.#current.get(key);
    if (value !== undefined) return value;
    value = this.#previous.get(key) ?? make(key);
    if (this.#current.size >= this.generationSize) {
      this.#previous = this.#current;
      this.#current = new Map();
    }
    this.#current.set(this.#keep(key), value);
    return value;
  }

  get size(): number {
    return this.#current.size + this.#previous.size;
  }
}

/** A copy of `s` that shares no memory with the string it may have been sliced from (lone surrogates kept). */
export function detachedCopy(s: string): string {
  return Buffer.from(s, 'utf16le').toString('utf16le');
}
