import { isWhiteSpaceCode } from '../../text/word-scan.ts';
import { heldText, RecentCache } from './encoder/recent-cache.ts';

/**
 * How strange a message's build is: an optimisation-style adversarial suffix (GCG, DSN) is a run of
 * chunks glued from sub-words, marks and capitals (`oppositeley.](`, `giving**ONE`, `similarlyNow`)
 * that ordinary writing rarely produces. Each whitespace-separated chunk is reduced to its shape —
 * lower-case run `a`, capital `A`, digit run `0`, symbol or emoji `e`, any other mark kept — and
 * scored by its surprisal under the shape frequencies of ordinary text; a message's oddness is the
 * highest mean surprisal over a window of consecutive chunks. Chunks in another script than Latin
 * are skipped: without spaces between words, their shapes say nothing about a suffix.
 *
 * The frequencies are counted on benign training texts (`npm run train:requests`), shipped as
 * `shapes.tsv`; no text, only shapes and counts.
 */
export const SHAPE_WINDOW = 8;
const MAX_SHAPE_CHARS = 8;
/** Chunks whose surprisal is kept per generation (recent-cache.ts): the words of ordinary text recur. */
const CHUNK_CACHE_GENERATION = 4096;
/** Longer chunks are shaped each time: the cache would hold them. */
const MAX_CACHED_CHUNK_CHARS = 64;
const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;
const UPPER = /[\p{Lu}\p{Lt}]/u;
const DIGIT = /\p{N}/u;
const SYMBOL = /[\p{So}\p{Sk}\p{Cs}\p{Co}]/u;
/** Past General Punctuation, marks are typographic or pictographic; all read as one symbol class. */
const FIRST_RARE_MARK = 0x2000;
const COLLAPSING: ReadonlySet<string> = new Set(['a', 'A', '0', 'e']);

/** The class of one character in a shape: `a`, `A`, `0`, `e`, the character itself, or '' for a letter of another script. */
function charClass(ch: string): string {
  if (LETTER.test(ch)) {
    if (!LATIN.test(ch)) return '';
    return UPPER.test(ch) ? 'A' : 'a';
  }
  if (DIGIT.test(ch)) return '0';
  if (SYMBOL.test(ch) || ch.codePointAt(0)! >= FIRST_RARE_MARK) return 'e';
  return ch;
}

/** `charClass` of each ASCII character, decided once by the same tests (NFKC leaves ASCII as it is). */
const ASCII_CLASSES: readonly string[] = Object.freeze(Array.from({ length: 0x80 }, (_, c) => charClass(String.fromCharCode(c))));

/** The shape of one chunk, or '' for a chunk holding letters of another script. */
export function chunkShape(chunk: string): string {
  return isAscii(chunk) ? asciiChunkShape(chunk) : anyChunkShape(chunk);
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** `anyChunkShape` of an ASCII chunk, by table: no letter of another script, so nothing past the kept length matters. */
function asciiChunkShape(chunk: string): string {
  let out = '';
  let last = '';
  for (let i = 0; i < chunk.length && out.length < MAX_SHAPE_CHARS; i++) {
    const c = ASCII_CLASSES[chunk.charCodeAt(i)]!;
    if (c === last && COLLAPSING.has(c)) continue;
    out += c;
    last = c;
  }
  return out;
}

function anyChunkShape(chunk: string): string {
  let out = '';
  let last = '';
  for (const ch of chunk.normalize('NFKC')) {
    const c = charClass(ch);
    if (c === '') return '';
    if (c === last && COLLAPSING.has(c)) continue;
    out += c;
    last = c;
  }
  return out.slice(0, MAX_SHAPE_CHARS);
}

/** The shapes of a text's chunks, in order, other scripts left out. */
export function textShapes(text: string): string[] {
  const out: string[] = [];
  forEachChunk(text, (start, end) => {
    const s = chunkShape(text.slice(start, end));
    if (s !== '') out.push(s);
  });
  return out;
}

/** Calls `visit` with the start and end of each whitespace-separated chunk of `text` (the matches of `\S+`), in order. */
function forEachChunk(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isWhiteSpaceCode(text.charCodeAt(i))) {
      if (start >= 0) visit(start, i);
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) visit(start, text.length);
}

/** Counts of chunk shapes in ordinary text. */
export class ShapeFrequencies {
  readonly #counts: ReadonlyMap<string, number>;
  readonly #total: number;
  readonly #unseen: number;
  /** Surprisal of each counted shape. */
  readonly #surprisals: ReadonlyMap<string, number>;
  /** Surprisal of the chunks seen recently; null for a chunk of another script, which has no shape. */
  readonly #chunks = new RecentCache<string, number | null>(CHUNK_CACHE_GENERATION, heldText(MAX_CACHED_CHUNK_CHARS));

  constructor(counts: ReadonlyMap<string, number>) {
    this.#counts = counts;
    let total = 0;
    for (const n of counts.values()) total += n;
    this.#total = total;
    // Add-half smoothing over the shapes seen plus one slot for all unseen ones.
    this.#unseen = this.#surprisal(0);
    this.#surprisals = new Map([...counts].map(([shape, n]) => [shape, this.#surprisal(n)]));
  }

  #surprisal(count: number): number {
    return -Math.log((count + 0.5) / (this.#total + 0.5 * (this.#counts.size + 1)));
  }

  /** Surprisal (nats) of one shape. */
  surprisal(shape: string): number {
    return this.#surprisals.get(shape) ?? this.#unseen;
  }

  /** `surprisal` of a chunk's shape, or null for a chunk of another script. */
  readonly #chunkSurprisal = (chunk: string): number | null => {
    const shape = chunkShape(chunk);
    return shape === '' ? null : this.surprisal(shape);
  };

  /**
   * The highest mean surprisal over `SHAPE_WINDOW` consecutive chunks; a text shorter than the
   * window is averaged over the full window, so one odd chunk in a short message stays low.
   */
  oddness(text: string): number {
    // The last `SHAPE_WINDOW` surprisals, in a ring.
    const window = new Float64Array(SHAPE_WINDOW);
    let seen = 0;
    let best = 0;
    let sum = 0;
    forEachChunk(text, (start, end) => {
      const s = this.#chunks.get(text.slice(start, end), this.#chunkSurprisal);
      if (s === null) return;
      sum += s;
      const slot = seen % SHAPE_WINDOW;
      if (seen >= SHAPE_WINDOW) sum -= window[slot]!;
      window[slot] = s;
      seen++;
      best = Math.max(best, sum / SHAPE_WINDOW);
    });
    return best;
  }

  /** `shape<TAB>count` lines, most frequent first. */
  toTsv(): string {
    return [...this.#counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([s, n]) => `${s}\t${n}\n`)
      .join('');
  }

  static fromTsv(tsv: string): ShapeFrequencies {
    const counts = new Map<string, number>();
    for (const line of tsv.split('\n')) {
      if (line === '') continue;
      const tab = line.lastIndexOf('\t');
      counts.set(line.slice(0, tab), Number(line.slice(tab + 1)));
    }
    return new ShapeFrequencies(counts);
  }

  static count(texts: Iterable<string>): ShapeFrequencies {
    const counts = new Map<string, number>();
    for (const t of texts) for (const s of textShapes(t)) counts.set(s, (counts.get(s) ?? 0) + 1);
    return new ShapeFrequencies(counts);
  }
}
