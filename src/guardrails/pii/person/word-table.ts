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

function matches(chars: Uint16Array, offset: number, text: string, start: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (chars[offset + k] !== lowerUnit(text.charCodeAt(start + k))) return false;
  return true;
}

/** Slot layout: [hash + 1 (0: empty), value, key offset · 256 + key length]. */
const SLOT = 3;
const MAX_KEY = 255;

export class WordTable {
  /** Open addressing, one flat array: probing reads the hash, the value and where the key is from one place. */
  readonly #slots: Int32Array;
  /** The keys, back to back. */
  readonly #chars: Uint16Array;
  readonly #mask: number;

  constructor(entries: ReadonlyMap<string, number>) {
    let total = 0;
    for (const key of entries.keys()) total += key.length;
    this.#chars = new Uint16Array(total);
    let capacity = 1;
    while (capacity < entries.size * 2) capacity <<= 1;
    this.#slots = new Int32Array(capacity * SLOT);
    this.#mask = capacity - 1;
    let offset = 0;
    for (const [key, value] of entries) {
      if (key.length > MAX_KEY) throw new Error(`Word table keys are at most ${MAX_KEY} units long: ${key.slice(0, 20)}….`);
      const hash = hashOf(key, 0, key.length);
      let slot = hash & this.#mask;
      while (this.#slots[slot * SLOT] !== 0) slot = (slot + 1) & this.#mask;
      for (let k = 0; k < key.length; k++) this.#chars[offset + k] = key.charCodeAt(k);
      this.#slots[slot * SLOT] = (hash + 1) | 0;
      this.#slots[slot * SLOT + 1] = value;
      this.#slots[slot * SLOT + 2] = offset * 256 + key.length;
      offset += key.length;
    }
  }

  /** The value of text[start, end) lower-cased (as `String.prototype.toLowerCase` would), or undefined. */
  lookUp(text: string, start: number, end: number): number | undefined {
    const length = end - start;
    if (length > MAX_KEY) return undefined;
    const hash = hashOf(text, start, end);
    if (hash < 0) {
      const word = text.slice(start, end).toLowerCase();
      return this.lookUp(word, 0, word.length);
    }
    const slots = this.#slots;
    const fingerprint = (hash + 1) | 0;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const at = slot * SLOT;
      const stored = slots[at]!;
      if (stored === 0) return undefined;
      if (stored === fingerprint) {
        const key = slots[at + 2]!;
        if ((key & 255) === length && matches(this.#chars, key >>> 8, text, start, length)) return slots[at + 1];
      }
    }
  }
}
