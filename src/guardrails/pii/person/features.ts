import { CUE_CONTEXT_WORDS } from './evidence.ts';
import { NUMBER, PUNCT, WORD, type Tokens } from './tokenise.ts';
import { WordTable } from './word-table.ts';

/** Lexicon codes: whether a word is known as a given name, a family name, or both. */
export const LEX_FIRST = 1;
export const LEX_LAST = 2;

/** Tokens on each side of the scored one that the model looks at. */
export const WINDOW = 2;
export const WINDOW_SIZE = 2 * WINDOW + 1;

/** Frequency-rank bucket limits (the vocabulary is ordered by corpus frequency). */
const RANK_LIMITS: readonly number[] = [300, 2000, 10000, 30000];
const OOV_BUCKET = RANK_LIMITS.length + 1;
/** Words more frequent than this are features by identity ("dear", "named", "mr"); rarer ones by shape. */
const IDENTITY_RANK = 20000;
/** Words this frequent are never names ("an", "will", "my"), even when some locale uses them as one ("John" is rarer). */
export const STOP_RANK = 250;
/** Capitalised words more frequent than this that open a sentence are taken for common words. */
const SENTENCE_COMMON_RANK = 3000;
/** In lower-case text, words more frequent than this are taken for common words unless the lexicon knows them. */
const LOWER_TEXT_COMMON_RANK = 3000;
/** Words rarer than this are no everyday words: in capitals, at a sentence start or in lower case they may be names. */
export const COMMON_RANK = 20000;

export interface PersonVocabulary {
  /** Words in the vocabulary (rows of the embedding table before the special rows). */
  vocabSize: number;
  /** Word → frequency rank · 4 + lexicon bits (LEX_FIRST | LEX_LAST); rank UNKNOWN_RANK for names outside the vocabulary. */
  words: WordTable;
  /** Log-odds that a lower-case word is a name, from its spelling (`nameness.ts`). */
  nameness: (word: string) => number;
  /** Lower-case words of place names: countries in many languages, regions and towns. */
  places: ReadonlySet<string>;
}

const UNKNOWN_RANK = 0x1fffffff;

/** One lookup table for the vocabulary (by frequency rank) and the name lexicon. */
export function personVocabulary(
  vocabWords: readonly string[],
  lexicon: Iterable<readonly [string, number]>,
  nameness: (word: string) => number,
  places: ReadonlySet<string> = new Set(),
): PersonVocabulary {
  const words = new Map<string, number>();
  for (let rank = 0; rank < vocabWords.length; rank++) words.set(vocabWords[rank]!, rank * 4);
  for (const [name, bits] of lexicon) words.set(name, (words.get(name) ?? UNKNOWN_RANK * 4) + bits);
  return { vocabSize: vocabWords.length, words: new WordTable(words), nameness, places };
}

/** Nameness log-odds are bucketed to whole numbers in [-NAMENESS_RANGE, NAMENESS_RANGE]. */
const NAMENESS_RANGE = 6;
/** The bucket of log-odds 0: spelled as much like a name as like an everyday word. */
export const NAMENESS_EVEN = NAMENESS_RANGE + 1;

/** Rows of the embedding table after the vocabulary: unknown word, number, padding. */
export function specialRows(vocabSize: number): { unknown: number; number: number; padding: number } {
  return { unknown: vocabSize, number: vocabSize + 1, padding: vocabSize + 2 };
}

// Shape codes: the casing pattern of a word, plus flags for inner hyphens and apostrophes.
const SHAPE_LOWER = 0;
const SHAPE_INITIAL = 1;
const SHAPE_UPPER = 2;
const SHAPE_TITLE = 3;
const SHAPE_CAMEL = 4;
const SHAPE_LOWER_CAMEL = 5;
const SHAPE_HYPHEN = 8;
const SHAPE_APOSTROPHE = 16;
const SHAPE_NUMBER = 40;
const SHAPE_BEFORE = 41;
const SHAPE_AFTER = 42;
/** Punctuation shapes are the character itself, offset past the word shapes. */
const SHAPE_PUNCT = 64;

export const CASE_MIXED = 0;
const CASE_UPPER = 1;
export const CASE_LOWER = 2;

const NOT_SET = -2;
/** Per token: whether its line is a title-case line (see `#inTitleLine`). */
const TITLE_UNKNOWN = 0;
const NOT_TITLE_LINE = 1;
const TITLE_LINE = 2;
/**
 * Lower-case particles inside names that are never a name on their own: "Ludwig van Beethoven",
 * "Maria de la Cruz". The recogniser joins name words across them.
 */
export const NAME_PARTICLES: readonly string[] = [
  'van',
  'von',
  'der',
  'den',
  'de',
  'la',
  'le',
  'du',
  'da',
  'di',
  'del',
  'della',
  'dos',
  'das',
  'los',
  'ten',
  'ter',
  'zu',
  'bin',
  'ibn',
  'al',
  'el',
];
/** Lower-case particles and function words of other languages: never a name on their own. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...NAME_PARTICLES,
  'des',
  'las',
  'lo',
  'il',
  'gli',
  'und',
  'et',
  'ist',
  'ich',
  'mi',
  'su',
  'sur',
  'per',
  'por',
  'para',
  'con',
  'avec',
  'mit',
  'für',
  'och',
  'og',
  've',
  'és',
  'une',
  'ein',
  'eine',
  'nel',
  'sul',
  'dal',
  'im',
  'am',
  'um',
  'em',
  'na',
  'no',
]);
/**
 * Frequent words of other European languages, in any case: "Mein Name ist", "Sehr geehrte". Words
 * that are also given names (Per, Una, Les, Che…) are left out.
 */
const FOREIGN_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  // Russian and Greek pronouns and adverbs in the Latin spelling Cyrillic and Greek text is read in ("Меня зовут…", "Σήμερα…")
  'menya',
  'mne',
  'moy',
  'moya',
  'eto',
  'simera',
  'mein',
  'meine',
  'sehr',
  'die',
  'das',
  'und',
  'ich',
  'ist',
  'nicht',
  'wir',
  'sie',
  'ein',
  'eine',
  'auf',
  'mit',
  'für',
  'bitte',
  'danke',
  'wie',
  'wann',
  'warum',
  'vielen',
  'dank',
  'nous',
  'vous',
  'est',
  'une',
  'pour',
  'avec',
  'dans',
  'pas',
  'que',
  'qui',
  'merci',
  'bien',
  'très',
  'mon',
  'votre',
  'notre',
  'muy',
  'como',
  'por',
  'para',
  'con',
  'los',
  'las',
  'gracias',
  'buenos',
  'buenas',
  'hola',
  'sono',
  'della',
  'grazie',
  'buongiorno',
  'ciao',
  'het',
  'een',
  'ik',
  'niet',
  'bedankt',
  'não',
  'obrigado',
  'obrigada',
  'você',
  'uma',
  'tudo',
  'bem',
  'tuo',
  'tua',
  'suo',
  'sua',
  'nostro',
  'vostro',
]);
function isApostrophe(c: number): boolean {
  return c === 39 || c === 0x2019;
}

/** An English contraction ("don't", "we'll", "I'm"): an apostrophe before a final t, ll, re, ve, m or d. */
function isContraction(text: string, start: number, end: number): boolean {
  // Plain reads of the text (no helper closures): this runs for every word of every scanned text.
  if (end - start < 3) return false;
  const last = text.charCodeAt(end - 1) | 32;
  if ((last === 116 || last === 109 || last === 100) && isApostrophe(text.charCodeAt(end - 2))) return true; // t m d
  const before = text.charCodeAt(end - 2) | 32;
  return ((last === 108 && before === 108) || (last === 101 && (before === 114 || before === 118))) && isApostrophe(text.charCodeAt(end - 3)); // ll re ve
}

function isUpperAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return c >= 65 && c <= 90;
  const ch = text[i]!;
  return ch !== ch.toLowerCase();
}

/**
 * The per-token arrays of a TokenView (and the token probabilities of a scan), kept by whoever
 * views one text after another so that viewing a text allocates nothing: the PII scan is
 * synchronous and keeps no view, so one set serves every text.
 */
export class ViewBuffers {
  lower: (string | undefined)[] = [];
  rank = new Int32Array(0);
  lex = new Int8Array(0);
  shape = new Int16Array(0);
  word = new Int32Array(0);
  nameness = new Int8Array(0);
  titleLines = new Uint8Array(0);
  probability = new Float32Array(0);

  /** Makes room for `count` tokens and resets the first `count` entries of every array. */
  reset(count: number): void {
    if (this.rank.length < count) {
      const capacity = Math.max(count, 2 * this.rank.length, 256);
      this.rank = new Int32Array(capacity);
      this.lex = new Int8Array(capacity);
      this.shape = new Int16Array(capacity);
      this.word = new Int32Array(capacity);
      this.nameness = new Int8Array(capacity);
      this.titleLines = new Uint8Array(capacity);
      this.probability = new Float32Array(capacity);
    }
    this.lower.length = Math.max(this.lower.length, count);
    this.lower.fill(undefined, 0, count);
    this.rank.fill(NOT_SET, 0, count);
    this.lex.fill(0, 0, count);
    this.shape.fill(NOT_SET, 0, count);
    this.word.fill(0, 0, count);
    this.nameness.fill(0, 0, count);
    this.titleLines.fill(TITLE_UNKNOWN, 0, count);
    this.probability.fill(0, 0, count);
  }
}

/**
 * Per-text view with lazily computed token properties shared by candidate gating and the feature
 * function. Properties are numbers in typed arrays so that scoring a token allocates (almost)
 * nothing: only the lower-case form of each looked-at word is a new string.
 */
export class TokenView {
  readonly text: string;
  readonly tokens: Tokens;
  readonly #resources: PersonVocabulary;
  readonly caseMode: number;
  /** Training only: tokens whose lexicon entry is hidden, as for names the lexicon lacks. */
  hiddenLexicon: Uint8Array | undefined;
  readonly #lower: (string | undefined)[];
  readonly #rank: Int32Array;
  readonly #lex: Int8Array;
  readonly #shape: Int16Array;
  readonly #word: Int32Array;
  readonly #nameness: Int8Array;
  readonly #titleLines: Uint8Array;

  constructor(text: string, tokens: Tokens, resources: PersonVocabulary, buffers: ViewBuffers = new ViewBuffers()) {
    this.text = text;
    this.tokens = tokens;
    this.#resources = resources;
    const upper = /[A-Z\u00C0-\u00DE]/.test(text);
    const lower = /[a-z\u00DF-\u00FF]/.test(text);
    this.caseMode = upper && lower ? CASE_MIXED : upper ? CASE_UPPER : CASE_LOWER;
    buffers.reset(tokens.count);
    this.#lower = buffers.lower;
    this.#rank = buffers.rank;
    this.#lex = buffers.lex;
    this.#shape = buffers.shape;
    this.#word = buffers.word;
    this.#nameness = buffers.nameness;
    this.#titleLines = buffers.titleLines;
  }

  raw(i: number): string {
    return this.text.slice(this.tokens.start[i], this.tokens.end[i]);
  }

  /** Lower-case form without a possessive 's ('' outside the text). */
  lower(i: number): string {
    if (i < 0 || i >= this.tokens.count) return '';
    let value = this.#lower[i];
    if (value === undefined) {
      value = this.raw(i).toLowerCase();
      const n = value.length;
      if (n > 2 && value.charCodeAt(n - 1) === 115 && isApostrophe(value.charCodeAt(n - 2))) value = value.slice(0, -2);
      this.#lower[i] = value;
    }
    return value;
  }

  shape(i: number): number {
    if (i < 0) return SHAPE_BEFORE;
    if (i >= this.tokens.count) return SHAPE_AFTER;
    let value = this.#shape[i]!;
    if (value === NOT_SET) {
      value = this.#computeShape(i);
      this.#shape[i] = value;
    }
    return value;
  }

  /** Frequency rank of a word token; Infinity when unknown, -1 for numbers and punctuation. */
  rank(i: number): number {
    if (i < 0 || i >= this.tokens.count || this.tokens.kind[i] !== WORD) return -1;
    if (this.#rank[i] === NOT_SET) this.#lookUp(i);
    const value = this.#rank[i]!;
    return value === UNKNOWN_RANK ? Infinity : value;
  }

  #lookUp(i: number): void {
    const start = this.tokens.start[i]!;
    let end = this.tokens.end[i]!;
    // Without a possessive 's, as `lower` has it.
    if (end - start > 2 && (this.text.charCodeAt(end - 1) | 32) === 115 && isApostrophe(this.text.charCodeAt(end - 2))) end -= 2;
    const info = this.#resources.words.lookUp(this.text, start, end) ?? UNKNOWN_RANK * 4;
    this.#rank[i] = info >> 2;
    this.#lex[i] = info & 3;
  }

  rankBucket(i: number): number {
    const rank = this.rank(i);
    if (rank < 0) return 0;
    if (rank === Infinity) return OOV_BUCKET;
    let bucket = 1;
    while (bucket <= RANK_LIMITS.length && rank >= RANK_LIMITS[bucket - 1]!) bucket++;
    return bucket;
  }

  lex(i: number): number {
    if (i < 0 || i >= this.tokens.count || this.tokens.kind[i] !== WORD) return 0;
    if (this.hiddenLexicon?.[i]) return 0;
    if (this.#rank[i] === NOT_SET) this.#lookUp(i);
    return this.#lex[i]!;
  }

  /** Nameness of a word token as a bucket in 1…2·NAMENESS_RANGE+1 (0 for other tokens and outside the text). */
  namenessBucket(i: number): number {
    if (i < 0 || i >= this.tokens.count || this.tokens.kind[i] !== WORD) return 0;
    let value = this.#nameness[i]!;
    if (value === 0) {
      const logit = this.#resources.nameness(this.lower(i));
      value = Math.round(Math.min(NAMENESS_RANGE, Math.max(-NAMENESS_RANGE, logit))) + NAMENESS_RANGE + 1;
      this.#nameness[i] = value;
    }
    return value;
  }

  /** Hash of the lower-case word (0 for non-words); feature identity of frequent words. */
  word(i: number): number {
    if (i < 0 || i >= this.tokens.count) return 0;
    let value = this.#word[i]!;
    if (value === 0) {
      value = this.tokens.kind[i] === PUNCT ? this.text.charCodeAt(this.tokens.start[i]!) + 1 : stringHash(this.lower(i), 0, this.lower(i).length) | 1;
      this.#word[i] = value;
    }
    return value;
  }

  /** Row of the embedding table for the token at i (padding outside the text). */
  embeddingRow(i: number): number {
    const special = specialRows(this.#resources.vocabSize);
    if (i < 0 || i >= this.tokens.count) return special.padding;
    const kind = this.tokens.kind[i];
    if (kind === NUMBER) return special.number;
    if (kind === PUNCT) {
      const info = this.#resources.words.lookUp(this.text, this.tokens.start[i]!, this.tokens.end[i]!);
      return info === undefined || info >> 2 === UNKNOWN_RANK ? special.unknown : info >> 2;
    }
    const rank = this.rank(i);
    return rank === Infinity ? special.unknown : rank;
  }

  /** The token starts a sentence or a line, or follows a leading @handle or #tag ("@ana Thanks"). */
  sentenceStart(i: number): boolean {
    if (i === 0 || this.tokens.lineStart[i]) return true;
    if (this.tokens.kind[i - 1] !== PUNCT) return this.#afterHandle(i);
    const prev = this.text.charCodeAt(this.tokens.start[i - 1]!);
    // . ! ? : " “ - * • and | (a table cell)
    return (
      prev === 46 || prev === 33 || prev === 63 || prev === 58 || prev === 34 || prev === 8220 || prev === 45 || prev === 42 || prev === 8226 || prev === 124
    );
  }

  /**
   * Whether token i lies on a title-case line: at least three capitalised words of four letters or
   * more, most of them everyday words (a list of names is not a title). Worked out once per line,
   * when a token of it first asks.
   */
  #inTitleLine(i: number): boolean {
    const lines = this.#titleLines;
    if (lines[i] === TITLE_UNKNOWN) {
      const tokens = this.tokens;
      let from = i;
      while (from > 0 && !tokens.lineStart[from]) from--;
      let to = i + 1;
      while (to < tokens.count && !tokens.lineStart[to]) to++;
      let capitalised = 0;
      let common = 0;
      let words = 0;
      let title = true;
      for (let j = from; j < to; j++) {
        if (tokens.kind[j] !== WORD || tokens.end[j]! - tokens.start[j]! < 4) continue;
        words++;
        if (!this.isCapitalised(j)) {
          // Settled once even capitals in every token left could not make 70 % of the words.
          if (3 * (capitalised + to - j - 1) < 7 * (words - capitalised)) {
            title = false;
            break;
          }
          continue;
        }
        capitalised++;
        if (this.rank(j) < COMMON_RANK && this.lex(j) === 0) common++;
      }
      title &&= capitalised >= 3 && capitalised >= 0.7 * words && common >= 0.7 * capitalised;
      lines.fill(title ? TITLE_LINE : NOT_TITLE_LINE, from, to);
    }
    return lines[i] === TITLE_LINE;
  }

  /** A capitalised word in lower case otherwise ("Tomás", "O'Neil", "Anna-Lena"), not "ChatGPT" or "NASA". */
  isTitleCase(i: number): boolean {
    return i >= 0 && i < this.tokens.count && this.tokens.kind[i] === WORD && (this.shape(i) & 7) === SHAPE_TITLE;
  }

  /** The lexicon knows the word as a name, as written or without its diacritics ("Tomás" as "tomas"). */
  isKnownName(i: number): boolean {
    if (this.lex(i) !== 0) return true;
    const bare = this.lower(i).normalize('NFD').replace(/\p{M}/gu, '');
    return bare !== this.lower(i) && ((this.#resources.words.lookUp(bare, 0, bare.length) ?? 0) & 3) !== 0;
  }

  /** The word names a place (a country, region or town). */
  isPlace(i: number): boolean {
    return this.tokens.kind[i] === WORD && this.#resources.places.has(this.lower(i));
  }

  /** The full stop before token i ends an initial ("J. R. Vasquez"), not a sentence. */
  #afterInitial(i: number): boolean {
    const { tokens } = this;
    return (
      i >= 2 &&
      !tokens.lineStart[i] &&
      !tokens.lineStart[i - 1] &&
      tokens.kind[i - 1] === PUNCT &&
      this.text.charCodeAt(tokens.start[i - 1]!) === 46 &&
      tokens.kind[i - 2] === WORD &&
      tokens.end[i - 2] === tokens.start[i - 1] &&
      tokens.end[i - 2]! - tokens.start[i - 2]! === 1 &&
      this.isCapitalised(i - 2)
    );
  }

  #capitalisedWordNext(i: number): boolean {
    const next = i + 1;
    return next < this.tokens.count && this.tokens.kind[next] === WORD && this.tokens.start[next]! - this.tokens.end[i]! === 1 && this.isCapitalised(next);
  }

  #afterHandle(i: number): boolean {
    const at = this.tokens.start[i - 1]! - 1;
    const mark = at >= 0 ? this.text.charCodeAt(at) : 0;
    return (mark === 64 || mark === 35) && this.tokens.end[i - 1]! < this.tokens.start[i]! && (i < 3 || this.sentenceStart(i - 2));
  }

  isCapitalised(i: number): boolean {
    return isUpperAt(this.text, this.tokens.start[i]!);
  }

  hasDiacritics(i: number): boolean {
    for (let k = this.tokens.start[i]!; k < this.tokens.end[i]!; k++) if (this.text.charCodeAt(k) >= 0xc0) return true;
    return false;
  }

  /**
   * Whether the model scores this token at all. Frequent function words, code identifiers,
   * contractions, non-Latin words, capitalised common words that merely open a sentence, and
   * lower-case words that are neither known names nor rare are "not a name" without further work,
   * which keeps the scan fast and ordinary prose quiet.
   */
  isCandidate(i: number): boolean {
    const tokens = this.tokens;
    if (tokens.kind[i] !== WORD || !tokens.latin[i]) return false;
    if (tokens.end[i]! - tokens.start[i]! < 2 || this.#inIdentifier(i) || isContraction(this.text, tokens.start[i]!, tokens.end[i]!)) return false;
    const rank = this.rank(i);
    if (rank < STOP_RANK) return false;
    // Most words of ordinary text are lower-case everyday words: settled before any string is built.
    if (this.caseMode === CASE_MIXED && rank < COMMON_RANK && !this.isCapitalised(i)) return false;
    // Function words of other languages are never names; checked last, as the one test that builds a string.
    return this.#nameShaped(i, rank) && !FOREIGN_FUNCTION_WORDS.has(this.lower(i));
  }

  /** isCandidate for a word that is not a frequent word, an identifier or a contraction, apart from foreign function words. */
  #nameShaped(i: number, rank: number): boolean {
    const tokens = this.tokens;
    const lex = this.lex(i);
    if (this.isCapitalised(i)) {
      // In ordinary text, short all-capital words are acronyms (IBAN, NDA, LOL) and common ones shouting (BEST DEALS).
      if (this.caseMode === CASE_MIXED && this.shape(i) === SHAPE_UPPER) return tokens.end[i]! - tokens.start[i]! > 4 && (lex !== 0 || rank >= COMMON_RANK);
      // In a title-case line capitals say nothing: "The Impact of Social Media on Student Stress".
      if (lex === 0 && rank < COMMON_RANK && this.#inTitleLine(i)) return false;
      if (lex !== 0 || !this.sentenceStart(i) || this.#afterInitial(i)) return true;
      // A frequent word capitalised only because it opens a sentence ("Return", "Server"), unless a
      // capitalised word follows ("Graham Pellicanò") or it is spelled like a name ("Esther").
      return rank >= COMMON_RANK || (rank >= SENTENCE_COMMON_RANK && (this.#capitalisedWordNext(i) || this.namenessBucket(i) > NAMENESS_RANGE + 1));
    }
    if (this.caseMode === CASE_LOWER) return (lex !== 0 || rank >= LOWER_TEXT_COMMON_RANK) && !FUNCTION_WORDS.has(this.lower(i));
    // Text that uses capitals: a lower-case word is a name only when it is no everyday word ("valid"
    // and "trace" are given names somewhere) and the lexicon knows it or it is spelled like a name.
    return rank >= COMMON_RANK && (lex !== 0 || this.namenessBucket(i) >= NAMENESS_RANGE + 3) && !FUNCTION_WORDS.has(this.lower(i));
  }

  /** Part of a code identifier: glued to "_", ".", "(", "/", "=", "<" or digits without a space. */
  #inIdentifier(i: number): boolean {
    const { start, end, count } = this.tokens;
    const before = i > 0 && end[i - 1] === start[i] ? this.text.charCodeAt(start[i]! - 1) : 0;
    const after = i + 1 < count && start[i + 1] === end[i] ? this.text.charCodeAt(end[i]!) : 0;
    return (
      before === 95 ||
      after === 95 ||
      after === 40 ||
      before === 46 ||
      before === 47 ||
      after === 47 ||
      before === 61 ||
      after === 61 ||
      before === 60 ||
      (before >= 48 && before <= 57) ||
      (after >= 48 && after <= 57) ||
      before === 36 ||
      before === 35 ||
      before === 64
    );
  }

  #computeShape(i: number): number {
    const kind = this.tokens.kind[i];
    if (kind === NUMBER) return SHAPE_NUMBER;
    if (kind === PUNCT) return SHAPE_PUNCT + (this.text.charCodeAt(this.tokens.start[i]!) & 0x3ff);
    const text = this.text;
    const start = this.tokens.start[i]!;
    const end = this.tokens.end[i]!;
    let upper = 0;
    let lower = 0;
    let flags = 0;
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (c === 45) flags |= SHAPE_HYPHEN;
      else if (c === 39 || c === 0x2019) flags |= SHAPE_APOSTROPHE;
      else if (isUpperAt(text, k)) upper++;
      else lower++;
    }
    const firstUpper = isUpperAt(text, start);
    let shape: number;
    if (upper === 0) shape = SHAPE_LOWER;
    else if (lower === 0) shape = end - start === 1 ? SHAPE_INITIAL : SHAPE_UPPER;
    else if (firstUpper && upper === 1) shape = SHAPE_TITLE;
    else if (firstUpper) shape = SHAPE_CAMEL;
    else shape = SHAPE_LOWER_CAMEL;
    return shape | flags;
  }
}

/** FNV-1a over value[from, to). */
function stringHash(value: string, from: number, to: number): number {
  let h = 2166136261;
  for (let k = Math.max(0, from); k < to; k++) h = Math.imul(h ^ value.charCodeAt(k), 16777619);
  return h;
}

/** Mixes a feature template id and up to three integer values into one hashed feature id. */
function mix(template: number, a: number, b: number, c: number, mask: number): number {
  let h = Math.imul(template + 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ a, 0xcc9e2d51);
  h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  h = Math.imul(h ^ b, 0xcc9e2d51);
  h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  h = Math.imul(h ^ c, 0x1b873593);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) & mask;
}

/** Word identity for context positions: frequent words by identity, the rest by shape. */
function contextWord(view: TokenView, j: number): number {
  if (j < 0 || j >= view.tokens.count || view.tokens.kind[j] !== WORD) return view.shape(j);
  return view.rank(j) < IDENTITY_RANK ? view.word(j) : 0x40000000 | view.shape(j);
}

/**
 * Whether a cue word stands right before token i ("remind Ana"), or before a ":" or "=" right
 * before it ("reporter=Ana"): 0 no, 1 yes, 2 with the separator.
 */
function cueBefore(view: TokenView, i: number): number {
  const tokens = view.tokens;
  if (i >= 1 && tokens.kind[i - 1] === WORD && CUE_CONTEXT_WORDS.has(view.lower(i - 1))) return 1;
  if (i < 2 || tokens.kind[i - 1] !== PUNCT || tokens.kind[i - 2] !== WORD) return 0;
  const separator = view.text.charCodeAt(tokens.start[i - 1]!);
  return (separator === 58 || separator === 61) && CUE_CONTEXT_WORDS.has(view.lower(i - 2)) ? 2 : 0;
}

/** Maximum number of sparse features per token (size of the `out` buffer). */
export const MAX_SPARSE_FEATURES = 56;
/** The first features describe the token itself; the rest its context (dropped together in training). */
export const OWN_FEATURES = 30;
/** Character trigrams of the word (with boundary marks) used as features, at most. */
const TRIGRAMS = 8;

/**
 * Sparse features of token i as hashed ids written into `out`; returns how many. Training and
 * runtime share this function, so the feature space cannot drift between them.
 */
export function sparseFeatures(view: TokenView, i: number, mask: number, out: Int32Array): number {
  const s0 = view.shape(i);
  const r0 = view.rankBucket(i);
  const l0 = view.lex(i);
  const lower = view.lower(i);
  const n0 = lower.length;
  const start = view.sentenceStart(i) ? 1 : 0;
  const cm = view.caseMode;
  const accents = view.hasDiacritics(i) ? 1 : 0;
  let n = 0;
  out[n++] = mix(1, 0, 0, 0, mask);
  out[n++] = mix(2, s0, 0, 0, mask);
  out[n++] = mix(3, r0, 0, 0, mask);
  out[n++] = mix(4, l0, 0, 0, mask);
  out[n++] = mix(5, s0, l0, 0, mask);
  out[n++] = mix(6, s0, r0, 0, mask);
  out[n++] = mix(7, l0, r0, 0, mask);
  out[n++] = mix(8, stringHash(lower, 0, Math.min(3, n0)), 0, 0, mask);
  out[n++] = mix(9, stringHash(lower, n0 - 3, n0), 0, 0, mask);
  out[n++] = mix(10, stringHash(lower, n0 - 2, n0), 0, 0, mask);
  out[n++] = mix(11, Math.min(n0, 12), s0, 0, mask);
  out[n++] = mix(12, start, s0, r0, mask);
  out[n++] = mix(13, cm, s0, 0, mask);
  out[n++] = mix(14, cm, l0, r0, mask);
  out[n++] = mix(15, start, l0, s0, mask);
  out[n++] = mix(16, accents, s0, l0, mask);
  out[n++] = mix(17, r0 < 3 ? view.word(i) : 0, s0, 0, mask);
  out[n++] = mix(18, stringHash(lower, 0, Math.min(2, n0)), s0, 0, mask);
  out[n++] = mix(19, stringHash(lower, n0 - 4, n0), 0, 0, mask);
  // Trigrams over "^word$": the spelling of names ("-ová", "-ić", "Mc-") is evidence of its own.
  const last = Math.min(n0 - 1, TRIGRAMS - 1);
  for (let k = 0; k < TRIGRAMS; k++) {
    if (k > last) {
      out[n++] = mix(80, 0, 0, 0, mask);
      continue;
    }
    const a = k === 0 ? 94 : lower.charCodeAt(k - 1);
    const c = k + 1 < n0 ? lower.charCodeAt(k + 1) : 36;
    out[n++] = mix(81, a, lower.charCodeAt(k), c, mask);
  }
  const b0 = view.namenessBucket(i);
  out[n++] = mix(90, b0, 0, 0, mask);
  out[n++] = mix(91, b0, s0, 0, mask);
  out[n++] = mix(92, b0, cm, start, mask);
  const w1 = contextWord(view, i - 1);
  const w2 = contextWord(view, i - 2);
  const w3 = contextWord(view, i + 1);
  const w4 = contextWord(view, i + 2);
  const s1 = view.shape(i - 1);
  const s3 = view.shape(i + 1);
  const l1 = view.lex(i - 1);
  const l3 = view.lex(i + 1);
  for (let d = -WINDOW; d <= WINDOW; d++) {
    if (d === 0) continue;
    const j = i + d;
    const t = 20 + 10 * (d + WINDOW);
    const s = view.shape(j);
    out[n++] = mix(t, d === -1 ? w1 : d === -2 ? w2 : d === 1 ? w3 : w4, 0, 0, mask);
    out[n++] = mix(t + 1, s, 0, 0, mask);
    out[n++] = mix(t + 2, view.lex(j), s, 0, mask);
    out[n++] = mix(t + 3, view.rankBucket(j), s, 0, mask);
  }
  out[n++] = mix(70, w2, w1, 0, mask);
  out[n++] = mix(71, w3, w4, 0, mask);
  out[n++] = mix(72, w1, s0, 0, mask);
  out[n++] = mix(73, s1, s0, s3, mask);
  out[n++] = mix(74, l1, l0, l3, mask);
  out[n++] = mix(75, w1, cm, 0, mask);
  out[n++] = mix(76, s0, w3, 0, mask);
  out[n++] = mix(93, view.namenessBucket(i - 1), b0, view.namenessBucket(i + 1), mask);
  const cue = cueBefore(view, i);
  out[n++] = mix(94, cue, 0, 0, mask);
  out[n++] = mix(95, cue, s0, b0, mask);
  return n;
}

/** Embedding rows of the window around token i. */
export function windowRows(view: TokenView, i: number, out: Int32Array): void {
  for (let d = -WINDOW; d <= WINDOW; d++) out[d + WINDOW] = view.embeddingRow(i + d);
}
