import { NUMBER, PUNCT, WORD, type Tokens } from './tokenise.ts';

/** Lexicon codes: whether a word is known as a given name, a family name, or both. */
export const LEX_FIRST = 1;
export const LEX_LAST = 2;

/** Tokens on each side of the scored one that the model looks at. */
export const WINDOW = 2;
export const WINDOW_SIZE = 2 * WINDOW + 1;

/** Frequency-rank bucket limits (the vocabulary is ordered by corpus frequency). */
const RANK_LIMITS = [300, 2000, 10000, 30000];
const OOV_BUCKET = RANK_LIMITS.length + 1;
/** Words more frequent than this are features by identity ("dear", "named", "mr"); rarer ones by shape. */
const IDENTITY_RANK = 20000;
/** Words this frequent are never names on their own, except those in the name lexicon. */
const STOP_RANK = 300;
/** Lower-case words more frequent than this are names only when the lexicon says so. */
const COMMON_RANK = 20000;

export interface PersonVocabulary {
  /** Word → frequency rank, also its row in the embedding table. */
  vocab: ReadonlyMap<string, number>;
  /** Lower-case name → LEX_FIRST | LEX_LAST bits. */
  lexicon: ReadonlyMap<string, number>;
}

/** Rows of the embedding table after the vocabulary: unknown word, number, padding. */
export function specialRows(vocabSize: number): { unknown: number; number: number; padding: number } {
  return { unknown: vocabSize, number: vocabSize + 1, padding: vocabSize + 2 };
}

const CONTRACTION = /['’](?:t|ll|re|ve|m|d)$/i;

/** Per-text view with lazily computed token properties shared by the feature functions. */
export class TokenView {
  readonly text: string;
  readonly tokens: Tokens;
  readonly #resources: PersonVocabulary;
  /** "lower" when the text has no capital letters, "upper" when it has no small ones. */
  readonly caseMode: string;
  readonly #lower: (string | undefined)[] = [];
  readonly #shape: (string | undefined)[] = [];

  constructor(text: string, tokens: Tokens, resources: PersonVocabulary) {
    this.text = text;
    this.tokens = tokens;
    this.#resources = resources;
    const upper = /[A-Z\u00C0-\u00DE]/.test(text);
    const lower = /[a-z\u00DF-\u00FF]/.test(text);
    this.caseMode = upper && lower ? 'm' : upper ? 'u' : 'l';
  }

  raw(i: number): string {
    return this.text.slice(this.tokens.start[i], this.tokens.end[i]);
  }

  /** Lower-case form without a possessive 's. */
  lower(i: number): string {
    if (i < 0) return '<s>';
    if (i >= this.tokens.count) return '</s>';
    let value = this.#lower[i];
    if (value === undefined) {
      value = this.raw(i).toLowerCase();
      if (value.length > 2 && value.endsWith('s') && (value[value.length - 2] === "'" || value[value.length - 2] === '’')) value = value.slice(0, -2);
      this.#lower[i] = value;
    }
    return value;
  }

  shape(i: number): string {
    if (i < 0) return '<s>';
    if (i >= this.tokens.count) return '</s>';
    let value = this.#shape[i];
    if (value === undefined) {
      value = computeShape(this.raw(i), this.tokens.kind[i]!);
      this.#shape[i] = value;
    }
    return value;
  }

  rank(i: number): number {
    if (i < 0 || i >= this.tokens.count || this.tokens.kind[i] !== WORD) return 0;
    return this.#resources.vocab.get(this.lower(i)) ?? Infinity;
  }

  rankBucket(i: number): number {
    const rank = this.rank(i);
    if (rank === Infinity) return OOV_BUCKET;
    let bucket = 0;
    while (bucket < RANK_LIMITS.length && rank >= RANK_LIMITS[bucket]!) bucket++;
    return bucket;
  }

  lex(i: number): number {
    if (i < 0 || i >= this.tokens.count || this.tokens.kind[i] !== WORD) return 0;
    return this.#resources.lexicon.get(this.lower(i)) ?? 0;
  }

  /** Row of the embedding table for the token at i (padding outside the text). */
  embeddingRow(i: number): number {
    const special = specialRows(this.#resources.vocab.size);
    if (i < 0 || i >= this.tokens.count) return special.padding;
    const kind = this.tokens.kind[i];
    if (kind === NUMBER) return special.number;
    const key = kind === PUNCT ? this.raw(i) : this.lower(i);
    return this.#resources.vocab.get(key) ?? special.unknown;
  }

  /** The token starts a sentence or a line. */
  sentenceStart(i: number): boolean {
    if (i === 0 || this.tokens.lineStart[i]) return true;
    if (this.tokens.kind[i - 1] !== PUNCT) return false;
    const prev = this.text.charCodeAt(this.tokens.start[i - 1]!);
    return prev === 46 || prev === 33 || prev === 63 || prev === 58 || prev === 34 || prev === 8220;
  }

  /**
   * Whether the model scores this token at all: a Latin-script word that is not a frequent function
   * word, and, when written in lower case, either a known name or a rare word. Everything else is
   * "not a name" without further work, which keeps the scan fast and multilingual text quiet.
   */
  isCandidate(i: number): boolean {
    const tokens = this.tokens;
    if (tokens.kind[i] !== WORD || !tokens.latin[i]) return false;
    if (tokens.end[i]! - tokens.start[i]! < 2 || this.#inIdentifier(i) || CONTRACTION.test(this.raw(i))) return false;
    const lex = this.lex(i);
    const rank = this.rank(i);
    if (lex === 0 && rank < STOP_RANK) return false;
    if (lex !== 0) return true;
    const first = this.text.charCodeAt(tokens.start[i]!);
    const capital = (first >= 65 && first <= 90) || (first >= 0xc0 && first <= 0xde);
    // A common word capitalised only because it opens a sentence ("Return", "Pretend").
    if (capital) return rank >= COMMON_RANK || !this.sentenceStart(i);
    // In text that uses capitals, a lower-case word outside the name lexicon is not a name.
    return this.caseMode === 'l' && rank >= COMMON_RANK;
  }

  /** Part of a code identifier: glued to "_", followed by "(" or preceded by "." without a space. */
  #inIdentifier(i: number): boolean {
    const { start, end, count } = this.tokens;
    const before = i > 0 && end[i - 1] === start[i] ? this.text[start[i]! - 1] : undefined;
    const after = i + 1 < count && start[i + 1] === end[i] ? this.text[end[i]!] : undefined;
    return before === '_' || after === '_' || after === '(' || before === '.';
  }
}

function computeShape(raw: string, kind: number): string {
  if (kind === NUMBER) return 'd';
  if (kind === PUNCT) return raw;
  let upper = 0;
  let lower = 0;
  for (const ch of raw) {
    if (ch !== ch.toLowerCase()) upper++;
    else if (ch !== ch.toUpperCase()) lower++;
  }
  const first = raw[0]!;
  const firstUpper = first !== first.toLowerCase();
  let shape: string;
  if (upper === 0) shape = 'x';
  else if (lower === 0) shape = raw.length === 1 ? 'X1' : 'X';
  else if (firstUpper && upper === 1) shape = 'Xx';
  else if (firstUpper) shape = 'XxX';
  else shape = 'xX';
  if (raw.includes('-')) shape += '-';
  if (/['’]/.test(raw)) shape += "'";
  return shape;
}

/** FNV-1a over a feature template id and its value, folded into the hashed feature space. */
export function hashFeature(template: number, value: string, mask: number): number {
  let h = (2166136261 ^ Math.imul(template, 16777619)) >>> 0;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) & mask;
}

/** Word identity for context positions: frequent words by identity, the rest by shape. */
function contextWord(view: TokenView, j: number): string {
  if (j < 0 || j >= view.tokens.count) return view.shape(j);
  if (view.tokens.kind[j] !== WORD) return view.shape(j);
  return view.rank(j) < IDENTITY_RANK ? view.lower(j) : `~${view.shape(j)}`;
}

/**
 * Sparse features of token i as hashed ids written into `out`; returns how many. Training and
 * runtime share this function, so the feature space cannot drift between them.
 */
export function sparseFeatures(view: TokenView, i: number, mask: number, out: Int32Array): number {
  let n = 0;
  const add = (template: number, value: string): void => {
    out[n++] = hashFeature(template, value, mask);
  };
  const s0 = view.shape(i);
  const r0 = String(view.rankBucket(i));
  const l0 = String(view.lex(i));
  const lower = view.lower(i);
  const start = view.sentenceStart(i) ? '1' : '0';
  add(1, '');
  add(2, s0);
  add(3, r0);
  add(4, l0);
  add(5, s0 + l0);
  add(6, s0 + r0);
  add(7, l0 + r0);
  add(8, lower.slice(0, 3));
  add(9, lower.slice(-3));
  add(10, lower.slice(-2));
  add(11, String(Math.min(lower.length, 10)));
  add(12, start + s0 + r0);
  add(13, view.caseMode + s0);
  add(14, view.caseMode + l0 + r0);
  add(15, start + l0);
  const words: string[] = [];
  const shapes: string[] = [];
  const lexes: string[] = [];
  for (let d = -WINDOW; d <= WINDOW; d++) {
    if (d === 0) continue;
    const j = i + d;
    const w = contextWord(view, j);
    const s = view.shape(j);
    const l = String(view.lex(j));
    const t = 20 + 10 * (d + WINDOW);
    add(t, w);
    add(t + 1, s);
    add(t + 2, l + s);
    add(t + 3, String(view.rankBucket(j)));
    words.push(w);
    shapes.push(s);
    lexes.push(l);
  }
  add(70, `${words[0]}|${words[1]}`);
  add(71, `${words[2]}|${words[3]}`);
  add(72, `${words[1]}|${s0}`);
  add(73, `${shapes[1]}|${s0}|${shapes[2]}`);
  add(74, `${lexes[1]}|${l0}|${lexes[2]}`);
  add(75, `${words[1]}|${view.caseMode}`);
  return n;
}

/** Maximum number of sparse features per token (size of the `out` buffer). */
export const MAX_SPARSE_FEATURES = 48;

/** Embedding rows of the window around token i. */
export function windowRows(view: TokenView, i: number, out: Int32Array): void {
  for (let d = -WINDOW; d <= WINDOW; d++) out[d + WINDOW] = view.embeddingRow(i + d);
}
