import { fnv1a } from './hashing.ts';
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

export class Glossary {
  readonly #entries: ReadonlyMap<string, string>;
  /**
   * English word by the hash of its foreign word: a message is scanned without slicing its words out,
   * and a collision (about one in 100,000 unknown words) only glosses that word.
   */
  readonly #byHash: ReadonlyMap<number, string>;

  /** `entries`: foreign word (normalised as the detector reads it) → English word. */
  constructor(entries: ReadonlyMap<string, string>) {
    this.#entries = entries;
    this.#byHash = new Map([...entries].map(([foreign, english]) => [fnv1a(foreign, GLOSS_SEED), english]));
  }

  /** One `foreign<TAB>english` pair a line, the format `serialise` writes. */
  static parse(tsv: string): Glossary {
    const entries = new Map<string, string>();
    for (const line of tsv.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) entries.set(line.slice(0, tab), line.slice(tab + 1));
    }
    return new Glossary(entries);
  }

  get size(): number {
    return this.#entries.size;
  }

  serialise(): string {
    return [...this.#entries]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([f, e]) => `${f}\t${e}\n`)
      .join('');
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
      if (this.#byHash.has(fnv1a(text, GLOSS_SEED, start, end))) glossed++;
    }
    if (glossed < MIN_GLOSSED_WORDS || glossed < words * MIN_GLOSSED_SHARE) return undefined;
    let out = '';
    let copied = 0;
    for (let end = 0, start = nextWordStart(text, 0, isLetterMarkOrDigitAt); start < text.length; start = nextWordStart(text, end, isLetterMarkOrDigitAt)) {
      end = wordEnd(text, start, isLetterMarkOrDigitAt);
      const english = this.#byHash.get(fnv1a(text, GLOSS_SEED, start, end));
      if (english === undefined) continue;
      out += text.slice(copied, start) + english;
      copied = end;
    }
    return out + text.slice(copied);
  }
}
