/**
 * Folding for matching: Unicode NFKC, removal of invisible format characters (zero-width, bidi
 * controls, soft hyphen, variation selectors), case folding and whitespace collapse — with a map from
 * every folded character back to its offset in the original string, so matches can be reported there.
 */

/** Text derived from an original string, each UTF-16 unit mapped to the original range it came from. */
export interface MappedText {
  readonly text: string;
  /** Original start offset of the cluster each unit of `text` came from. */
  readonly starts: Int32Array;
  /** Original end offset (exclusive) of the cluster each unit of `text` came from. */
  readonly ends: Int32Array;
}

// Zero-width and bidi controls, soft hyphen, word joiner family, BOM, variation selectors, tag characters.
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is tested on its own (isInvisible), never as part of a cluster.
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;
const COMBINING = /\p{M}/u;
const SPACE = /\s/u;

export function isInvisible(ch: string): boolean {
  return INVISIBLE.test(ch);
}

/** Maps a range of derived text (end exclusive) back to the original string. */
export function originalRange(mapped: MappedText, start: number, end: number): { start: number; end: number } {
  if (end <= start) {
    const at = mapped.starts[start] ?? mapped.ends[mapped.ends.length - 1] ?? 0;
    return { start: at, end: at };
  }
  return { start: mapped.starts[start]!, end: mapped.ends[end - 1]! };
}

export interface FoldOptions {
  /** Lower-case (default true). */
  lowerCase?: boolean;
  /** Collapse whitespace runs to one space and trim (default true). */
  collapseWhitespace?: boolean;
}

function isAsciiSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** Whether the code unit at `i` starts a combining mark (which must be normalised with its base). */
function combiningAt(s: string, i: number): boolean {
  if (i >= s.length || s.charCodeAt(i) < 0x300) return false;
  const cp = s.codePointAt(i)!;
  return COMBINING.test(String.fromCodePoint(cp));
}

/**
 * NFKC + invisible removal + lower-casing + whitespace collapse. A base character and the combining
 * marks that follow it are normalised together, so composed forms (e + ◌́ → é) fold like precomposed ones.
 * Plain ASCII characters take a fast path (NFKC and the invisible set leave them unchanged), which
 * keeps folding cheap on the hot path of every check.
 */
export function foldForMatching(original: string, options: FoldOptions = {}): MappedText {
  const lowerCase = options.lowerCase ?? true;
  const collapse = options.collapseWhitespace ?? true;
  const n = original.length;
  if (foldsInPlace(original, collapse)) {
    const starts = new Int32Array(n);
    const ends = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      starts[i] = i;
      ends[i] = i + 1;
    }
    return { text: lowerCase ? original.toLowerCase() : original, starts, ends };
  }
  let buffer = new Uint16Array(n + 16);
  let starts = new Int32Array(n + 16);
  let ends = new Int32Array(n + 16);
  let len = 0;
  let lastWasSpace = true; // trims leading whitespace

  const pushCode = (code: number, start: number, end: number): void => {
    if (len === buffer.length) {
      // NFKC can expand a character (e.g. a ligature), so the buffers grow on demand.
      const size = buffer.length * 2;
      const c = new Uint16Array(size);
      c.set(buffer);
      const s = new Int32Array(size);
      s.set(starts);
      const e = new Int32Array(size);
      e.set(ends);
      buffer = c;
      starts = s;
      ends = e;
    }
    buffer[len] = code;
    starts[len] = start;
    ends[len] = end;
    len++;
  };

  for (let i = 0; i < n; ) {
    const code = original.charCodeAt(i);
    if (code < 0x80 && !combiningAt(original, i + 1)) {
      const start = i;
      i++;
      if (collapse && isAsciiSpace(code)) {
        if (lastWasSpace) continue;
        lastWasSpace = true;
        pushCode(32, start, i);
        continue;
      }
      lastWasSpace = false;
      pushCode(lowerCase && code >= 65 && code <= 90 ? code + 32 : code, start, i);
      continue;
    }
    // Slow path: one base character with its combining marks.
    const start = i;
    let cluster = String.fromCodePoint(original.codePointAt(i)!);
    i += cluster.length;
    while (combiningAt(original, i)) {
      const mark = String.fromCodePoint(original.codePointAt(i)!);
      cluster += mark;
      i += mark.length;
    }
    if (INVISIBLE.test(cluster)) continue;
    const normalised = cluster.normalize('NFKC');
    const folded = lowerCase ? normalised.toLowerCase() : normalised;
    for (const ch of folded) {
      if (INVISIBLE.test(ch)) continue;
      if (collapse && SPACE.test(ch)) {
        if (lastWasSpace) continue;
        lastWasSpace = true;
        pushCode(32, start, i);
        continue;
      }
      lastWasSpace = false;
      for (let k = 0; k < ch.length; k++) pushCode(ch.charCodeAt(k), start, i);
    }
  }
  if (collapse && len > 0 && buffer[len - 1] === 32) len--;
  return { text: decodeUnits(buffer, len), starts: starts.slice(0, len), ends: ends.slice(0, len) };
}

/**
 * Whether folding leaves every unit of `s` where it is: all ASCII (which NFKC and the invisible set
 * leave as they are) and, when white space collapses, no white space other than single spaces
 * between other characters. Then only the case may change, and each unit maps to itself.
 */
function foldsInPlace(s: string, collapse: boolean): boolean {
  // A space first would be trimmed.
  let afterSpace = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return false;
    if (!collapse) continue;
    if (c === 32) {
      if (afterSpace) return false;
      afterSpace = true;
    } else if (c >= 9 && c <= 13) return false;
    else afterSpace = false;
  }
  // A space last would be trimmed too.
  return !collapse || s.length === 0 || !afterSpace;
}

function decodeUnits(units: Uint16Array, len: number): string {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < len; i += CHUNK) {
    out += String.fromCharCode.apply(null, units.subarray(i, Math.min(len, i + CHUNK)) as unknown as number[]);
  }
  return out;
}
