/**
 * Marker patterns with a cheap gate. Every match of a pattern begins with one of the literal prefixes
 * of its top-level alternatives ("ignore", "disregard", "[", ...), read off the pattern's source. One
 * scan of the text looks up, at each word start (and, for prefixes not bound to one, at each
 * position), the hashed first one to four characters, which name the patterns that may match there;
 * a pattern whose prefixes cannot occur is not run. The gate only skips patterns that cannot match,
 * so results equal running every pattern, at a fraction of the cost on ordinary text.
 */

const QUANTIFIERS: ReadonlySet<string> = new Set(['?', '*', '{']);
const META: ReadonlySet<string> = new Set(['\\', '(', ')', '[', ']', '.', '|', '^', '$', '?', '*', '+', '{', '}']);
const LITERAL_ESCAPES: ReadonlySet<string> = new Set(['[', ']', '(', ')', '.', '/', '\\', '-', '?', '*', '+', '{', '}', '|', '^', '$', "'", '"', ' ']);

/**
 * Visits the characters of a pattern source from `from` that are neither escaped nor inside a
 * character class, with the group depth before each; stops when `visit` returns true.
 */
function walkStructure(src: string, from: number, visit: (c: string, i: number, depth: number) => boolean): void {
  let depth = 0;
  let inClass = false;
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (visit(c, i, depth)) return;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
  }
}

/** Splits a pattern source on the `|` of its top level (not inside groups or classes). */
function splitTopLevel(src: string): string[] {
  const parts: string[] = [];
  let start = 0;
  walkStructure(src, 0, (c, i, depth) => {
    if (c === '|' && depth === 0) {
      parts.push(src.slice(start, i));
      start = i + 1;
    }
    return false;
  });
  parts.push(src.slice(start));
  return parts;
}

/** Index of the `)` closing the group that opens at `open`. */
function groupEnd(src: string, open: number): number {
  let end = -1;
  walkStructure(src, open, (c, i, depth) => {
    if (c === ')' && depth === 1) end = i;
    return end >= 0;
  });
  return end;
}

/**
 * Literal prefixes that every match of `alternative` starts with, or null when there is none to rely
 * on (an anchor, a class, an optional group or an empty prefix at the start).
 */
function prefixesOf(alternative: string, atWordStart = false): string[] | null {
  let src = alternative;
  while (src.startsWith('\\b')) {
    src = src.slice(2);
    atWordStart = true;
  }
  if (src.startsWith('(')) {
    const end = groupEnd(src, 0);
    if (end < 0 || QUANTIFIERS.has(src[end + 1] ?? '')) return null;
    const inner = src.slice(src.startsWith('(?:') ? 3 : 1, end);
    if (inner.startsWith('?')) return null; // lookaround
    const out: string[] = [];
    for (const part of splitTopLevel(inner)) {
      const p = prefixesOf(part, atWordStart);
      if (p === null) return null;
      out.push(...p);
    }
    return out;
  }
  const prefixes = literalPrefixes(src, 0, '');
  if (prefixes.some((p) => p.length === 0)) return null;
  // A prefix that starts with a word character (ASCII, as \b sees it) right after \b can only occur
  // where a non-word character or the text's start precedes it.
  return prefixes.map((prefix) => (atWordStart && /^\w/.test(prefix) ? WORD_START + prefix : prefix));
}

/** Literal prefixes of `src` from `i` on; a character marked optional (`x?`) branches, up to a few ways. */
function literalPrefixes(src: string, i: number, prefix: string): string[] {
  for (; i < src.length; i++) {
    let c = src[i]!;
    let width = 1;
    if (c === '\\') {
      const next = src[i + 1] ?? '';
      if (!LITERAL_ESCAPES.has(next)) break;
      c = next;
      width = 2;
    } else if (META.has(c)) break;
    const after = src[i + width] ?? '';
    if (after === '?' && prefix.length > 0 && src[i + width + 1] !== '?') {
      const rest = i + width + 1;
      const withIt = literalPrefixes(src, rest, prefix + c);
      const without = literalPrefixes(src, rest, prefix);
      return withIt.length + without.length <= 8 ? [...withIt, ...without] : [prefix];
    }
    if (QUANTIFIERS.has(after)) break; // this character is optional or repeated
    prefix += c;
    if (after === '+') break;
    i += width - 1;
  }
  return [prefix];
}

/** Marks a prefix that can only begin at the start of a word. */
export const WORD_START = '\u0000';

/** Literal prefixes of a pattern's top-level alternatives, or null when it cannot be gated. */
export function patternPrefixes(pattern: RegExp): string[] | null {
  // A literal WORD_START in the source would read as the mark of a prefix that begins a word.
  if (pattern.flags.includes('i') || pattern.source.includes(WORD_START)) return null;
  const out: string[] = [];
  for (const alternative of splitTopLevel(pattern.source)) {
    const p = prefixesOf(alternative);
    if (p === null) return null;
    out.push(...p);
  }
  return out;
}

/** Prefixes that begin at a word start are keyed by their first 1 to KEY characters. */
const KEY = 4;

/** One step of the key hash (the hash of the first n characters extends that of the first n - 1). */
function step(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

function slot(h: number, length: number): number {
  return ((h >>> 16) ^ h ^ (length << 13)) & 0xffff;
}

/** Word characters as \b sees them (ASCII letters, digits, underscore). */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 95;
}

export class GatedPatterns {
  readonly patterns: readonly RegExp[];
  /** Per hashed (key, key length), a bit per pattern with a prefix that begins so at a word start. */
  readonly #wordStart = new Uint32Array(1 << 16);
  /** Per first character (low byte), a bit per pattern with a prefix that may begin anywhere. */
  readonly #anywhere = new Uint32Array(256);
  /** Patterns that always run (no usable prefix). */
  readonly #ungated: number;
  /** Patterns whose every prefix begins at a word start. */
  readonly #atWordStarts: number;
  /** Each pattern as a sticky expression, tried at one position at a time. */
  readonly #anchored: readonly RegExp[];

  constructor(patterns: readonly RegExp[]) {
    if (patterns.length > 32) throw new Error('At most 32 gated patterns per set.');
    // A global or sticky pattern's test depends on where the previous one stopped.
    if (patterns.some((p) => p.global || p.sticky)) throw new Error('Gated patterns must not be global or sticky.');
    this.patterns = patterns;
    this.#anchored = patterns.map((p) => new RegExp(p.source, `${p.flags}y`));
    let ungated = 0;
    let atWordStarts = 0;
    patterns.forEach((pattern, k) => {
      const prefixes = patternPrefixes(pattern);
      if (prefixes === null) {
        ungated |= 1 << k;
        return;
      }
      if (prefixes.every((p) => p.startsWith(WORD_START))) atWordStarts |= 1 << k;
      for (const marked of prefixes) {
        if (!marked.startsWith(WORD_START)) {
          this.#anywhere[marked.charCodeAt(0) & 0xff]! |= 1 << k;
          continue;
        }
        const length = Math.min(KEY, marked.length - 1);
        let h = 0x811c9dc5;
        for (let j = 1; j <= length; j++) h = step(h, marked.charCodeAt(j));
        this.#wordStart[slot(h, length)]! |= 1 << k;
      }
    });
    this.#ungated = ungated;
    this.#atWordStarts = atWordStarts;
  }

  /** Bit mask of the patterns that may match `text`. */
  candidates(text: string): number {
    return this.#scan(text, undefined);
  }

  /**
   * The candidates' mask; with `starts`, also where a pattern whose matches begin at a word start
   * may begin one: each word start at which a prefix key matched, with the bits of the patterns it names.
   */
  #scan(text: string, starts: { at: number[]; bits: number[] } | undefined): number {
    let mask = this.#ungated;
    let previousIsWord = false;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      mask |= this.#anywhere[c & 0xff]!;
      if (!previousIsWord) {
        let here = 0;
        let h = 0x811c9dc5;
        for (let length = 1; length <= KEY && i + length <= n; length++) {
          h = step(h, text.charCodeAt(i + length - 1));
          here |= this.#wordStart[slot(h, length)]!;
        }
        if (here !== 0) {
          mask |= here;
          starts?.at.push(i);
          starts?.bits.push(here);
        }
      }
      previousIsWord = isWordCode(c);
    }
    return mask;
  }

  /**
   * Writes 1/0 per pattern into `out` from `offset`. A pattern all of whose prefixes begin at a word
   * start is tried only where the scan found one of its prefix keys (a match begins with a prefix),
   * anchored there: on a long text a few anchored attempts cost less than one search through it.
   * The others, when the gate lets them through, search the whole text.
   */
  fill(text: string, out: Float32Array, offset: number): void {
    const starts = { at: [] as number[], bits: [] as number[] };
    const mask = this.#scan(text, starts);
    for (let k = 0; k < this.patterns.length; k++) {
      const bit = 1 << k;
      const found =
        (mask & bit) === 0 ? false : (this.#atWordStarts & bit) !== 0 ? this.#matchesAtAny(k, text, starts.at, starts.bits) : this.patterns[k]!.test(text);
      out[offset + k] = found ? 1 : 0;
    }
  }

  /** Whether pattern `k` matches from one of the `at` positions whose `bits` name it. */
  #matchesAtAny(k: number, text: string, at: readonly number[], bits: readonly number[]): boolean {
    const anchored = this.#anchored[k]!;
    const bit = 1 << k;
    for (let j = 0; j < at.length; j++) {
      if ((bits[j]! & bit) === 0) continue;
      // Sticky: the match must begin at lastIndex, set right before each attempt.
      anchored.lastIndex = at[j]!;
      if (anchored.test(text)) return true;
    }
    return false;
  }
}
