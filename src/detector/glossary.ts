import { fnv1a } from '../models/hashing.ts';
import { detachedCopy } from '../text/detached-copy.ts';
import { isLetterMarkOrDigitAt, nextWordStart, wordEnd } from '../text/word-scan.ts';

/**
 * A foreign word → English word table, derived at training time from bilingual dictionaries, and the
 * word-for-word English gloss it gives a message written mostly in the languages it covers. The
 * detector scores the gloss as one more view of the message, so an attack in a language it saw little
 * of is also read through the English n-grams and markers it learned from many sources.
 */

/** Fewest foreign words, and least share of a message's words, that make a gloss worth scoring. */
const MIN_GLOSSED_WORDS = 4;
const MIN_GLOSSED_SHARE = 0.15;
const GLOSS_SEED = 0x1b873593;

/**
 * The foreign → English table held for scoring: each foreign word only as its hash, in an
 * open-addressing table of typed arrays (slot → hash, slot → English word number + 1), and each
 * English word once. Held as two maps of strings and numbers, the entries would cost every worker
 * several times the memory, in objects the garbage collector traces; the typed tables it does not
 * trace (docs/performance.md). Two foreign words of the same hash (about one in 100,000 unknown words) share the
 * English word of the later one.
 */
export class Glossary {
  /** Entries (foreign words) the table was made from. */
  readonly size: number;
  readonly #english: readonly string[];
  readonly #hashes: Uint32Array;
  /** English word number + 1 of each slot; 0 marks an empty slot. */
  readonly #words: Int32Array;
  readonly #mask: number;

  /** `entries`: foreign word (normalised as the detector reads it) → English word. */
  constructor(entries: Iterable<readonly [string, string]>) {
    const list = [...entries];
    const englishNumbers = new Map<string, number>();
    // Slots for twice as many entries, a power of two: probes stay short.
    const slots = 2 ** Math.ceil(Math.log2(Math.max(2, list.length * 2)));
    this.#hashes = new Uint32Array(slots);
    this.#words = new Int32Array(slots);
    this.#mask = slots - 1;
    for (const [foreign, english] of list) {
      let word = englishNumbers.get(english);
      if (word === undefined) englishNumbers.set(english, (word = englishNumbers.size));
      this.#words[this.#slotOf(fnv1a(foreign, GLOSS_SEED))] = word + 1;
    }
    // A word sliced from a parsed file would keep the whole file's text alive.
    this.#english = Array.from(englishNumbers.keys(), detachedCopy);
    this.size = list.length;
  }

  /** One `foreign<TAB>english` pair a line, the format `serialiseGlossary` writes. */
  static parse(tsv: string): Glossary {
    const entries: Array<[string, string]> = [];
    for (const line of tsv.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) entries.push([line.slice(0, tab), line.slice(tab + 1)]);
    }
    return new Glossary(entries);
  }

  /** The slot holding `hash`, or the empty slot where it would go. */
  #slotOf(hash: number): number {
    let slot = hash & this.#mask;
    while (this.#words[slot] !== 0 && this.#hashes[slot] !== hash) slot = (slot + 1) & this.#mask;
    this.#hashes[slot] = hash;
    return slot;
  }

  /** The English word of the foreign word `text[start, end)`, if the table has one. */
  #englishOf(text: string, start: number, end: number): string | undefined {
    const hash = fnv1a(text, GLOSS_SEED, start, end);
    for (let slot = hash & this.#mask; this.#words[slot] !== 0; slot = (slot + 1) & this.#mask) {
      if (this.#hashes[slot] === hash) return this.#english[this.#words[slot]! - 1];
    }
    return undefined;
  }

  /**
   * `text` (normalised) with every foreign word the table knows replaced by its English word, or
   * undefined when too few of its words are foreign for the gloss to say more than the text does.
   */
  gloss(text: string): string | undefined {
    let words = 0;
    let glossed = 0;
    for (let end = 0, start = nextWordStart(text, 0, isLetterMarkOrDigitAt); start < text.length; start = nextWordStart(text, end, isLetterMarkOrDigitAt)) {
      end = wordEnd(text, start, isLetterMarkOrDigitAt);
      words++;
      if (this.#englishOf(text, start, end) !== undefined) glossed++;
    }
    if (glossed < MIN_GLOSSED_WORDS || glossed < words * MIN_GLOSSED_SHARE) return undefined;
    let out = '';
    let copied = 0;
    for (let end = 0, start = nextWordStart(text, 0, isLetterMarkOrDigitAt); start < text.length; start = nextWordStart(text, end, isLetterMarkOrDigitAt)) {
      end = wordEnd(text, start, isLetterMarkOrDigitAt);
      const english = this.#englishOf(text, start, end);
      if (english === undefined) continue;
      out += text.slice(copied, start) + english;
      copied = end;
    }
    return out + text.slice(copied);
  }
}

/** The glossary file (`glossary.tsv`): one `foreign<TAB>english` pair a line, by foreign word. */
export function serialiseGlossary(entries: ReadonlyMap<string, string>): string {
  return [...entries]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([f, e]) => `${f}\t${e}\n`)
    .join('');
}
