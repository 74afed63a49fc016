import { detachedCopy } from '../../../text/detached-copy.ts';

/**
 * A bounded cache that keeps what was used recently: entries live in a current generation and, once
 * it holds `generationSize`, in the previous one, which is dropped when the current one fills again.
 * A hit in the previous generation moves the entry to the current one, so frequent keys stay while
 * rare ones age out; at most twice `generationSize` entries are held, with no per-use bookkeeping.
 *
 * `keep` gives the key to hold, equal to the one asked for, or undefined when the value is not to be
 * held: a string sliced out of a message keeps the whole message alive while the slice lives, so text
 * keys are held as copies, and long ones not at all (`heldText`).
 */
export class RecentCache<K, V> {
  readonly generationSize: number;
  readonly #keep: (key: K) => K | undefined;
  #current = new Map<K, V>();
  #previous = new Map<K, V>();

  constructor(generationSize: number, keep: (key: K) => K | undefined = (key) => key) {
    this.generationSize = generationSize;
    this.#keep = keep;
  }

  /** The value of `key`, computed by `make` when it is not held, and then held unless `keep` gives no key. */
  get(key: K, make: (key: K) => V): V {
    let value = this.#current.get(key);
    if (value !== undefined) return value;
    value = this.#previous.get(key) ?? make(key);
    const kept = this.#keep(key);
    if (kept === undefined) return value;
    if (this.#current.size >= this.generationSize) {
      this.#previous = this.#current;
      this.#current = new Map();
    }
    this.#current.set(kept, value);
    return value;
  }

  get size(): number {
    return this.#current.size + this.#previous.size;
  }
}

/** `keep` for text keys: a detached copy of a key of at most `maxChars`, and nothing for a longer one. */
export function heldText(maxChars: number): (key: string) => string | undefined {
  return (key) => (key.length > maxChars ? undefined : detachedCopy(key));
}
