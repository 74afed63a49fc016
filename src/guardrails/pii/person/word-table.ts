/**
 * A read-only map from lower-case words to numbers, looked up by a range of the scanned text and
 * lower-cased on the fly: the scan looks up every word of a message, and building a lower-case
 * string for each costs more than the lookup itself. Open addressing over FNV-1a.
 */

/**
 * Lower-case form of each UTF-16 unit (0: not computed yet). 0xffff marks units that do not
 * lower-case on their own: "İ" becomes two units, and "Σ" depends on its place in the word.
 */
const lowerUnits = new Uint16Array(0x10000);
const CONTEXTUAL = 0x3a3;

function lowerUnit(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c | 32 : c;
  let lower = lowerUnits[c]!;
  if (lower === 0) {
    const mapped = String.fromCharCode(c).toLowerCase();
    lower = mapped.length === 1 && c !== CONTEXTUAL ? mapped.charCodeAt(0) : 0xffff;
    lowerUnits[c] = lower;
  }
  return lower;
}

/** FNV-1a of the lower-cased range as a non-negative int, or -1 when a unit needs the whole word to lower-case. */
function hashOf(text: string, start: number, end: number): number {
  let h = 2166136261;
  for (let i = start; i < end; i++) {
    const c = lowerUnit(text.charCodeAt(i));
    if (c === 0xffff) return -1;
    h = Math.imul(h ^ c, 16777619);
  }
  return h >>> 1;
}

function matches(key: string, text: string, start: number): boolean {
  for (let k = 0; k < key.length; k++) if (key.charCodeAt(k) !== lowerUnit(text.charCodeAt(start + k))) return false;
  return true;
}

export class WordTable {
  readonly #keys: string[];
  readonly #values: Int32Array;
  /** Slot → index into keys + 1 (0: empty). */
  readonly #slots: Int32Array;
  readonly #mask: number;

  constructor(entries: ReadonlyMap<string, number>) {
    this.#keys = [...entries.keys()];
    this.#values = Int32Array.from(entries.values());
    let capacity = 1;
    while (capacity < entries.size * 2) capacity <<= 1;
    this.#slots = new Int32Array(capacity);
    this.#mask = capacity - 1;
    this.#keys.forEach((key, index) => {
      let slot = hashOf(key, 0, key.length) & this.#mask;
      while (this.#slots[slot] !== 0) slot = (slot + 1) & this.#mask;
      this.#slots[slot] = index + 1;
    });
  }

  /** The value of text[start, end) lower-cased (as `String.prototype.toLowerCase` would), or undefined. */
  lookUp(text: string, start: number, end: number): number | undefined {
    const hash = hashOf(text, start, end);
    if (hash < 0) {
      const word = text.slice(start, end).toLowerCase();
      return this.lookUp(word, 0, word.length);
    }
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const entry = this.#slots[slot]!;
      if (entry === 0) return undefined;
      const key = this.#keys[entry - 1]!;
      if (key.length === end - start && matches(key, text, start)) return this.#values[entry - 1];
    }
  }
}
