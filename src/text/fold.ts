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
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;
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

/**
 * NFKC + invisible removal + lower-casing + whitespace collapse. A base character and the combining
 * marks that follow it are normalised together, so composed forms (e + ◌́ → é) fold like precomposed ones.
 */
export function foldForMatching(original: string, options: FoldOptions = {}): MappedText {
  const lowerCase = options.lowerCase ?? true;
  const collapse = options.collapseWhitespace ?? true;
  const out: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let lastWasSpace = true; // trims leading whitespace
  const chars = Array.from(original);
  let pos = 0;
  for (let i = 0; i < chars.length; ) {
    const start = pos;
    let cluster = chars[i]!;
    pos += cluster.length;
    i++;
    while (i < chars.length && COMBINING.test(chars[i]!)) {
      cluster += chars[i]!;
      pos += chars[i]!.length;
      i++;
    }
    if (INVISIBLE.test(cluster)) continue;
    const normalised = cluster.normalize('NFKC');
    const folded = lowerCase ? normalised.toLowerCase() : normalised;
    for (const ch of folded) {
      if (INVISIBLE.test(ch)) continue;
      if (collapse && SPACE.test(ch)) {
        if (lastWasSpace) continue;
        lastWasSpace = true;
        out.push(' ');
        starts.push(start);
        ends.push(pos);
        continue;
      }
      lastWasSpace = false;
      out.push(ch);
      for (let k = 0; k < ch.length; k++) {
        starts.push(start);
        ends.push(pos);
      }
    }
  }
  if (collapse && out.length > 0 && out[out.length - 1] === ' ') {
    out.pop();
    starts.pop();
    ends.pop();
  }
  return { text: out.join(''), starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}
