/**
 * One pass over a text that tells the PII engine which patterns can match and where. Patterns may
 * name trigger words (a street type such as "Street" or "ulica" must begin a word) or word endings
 * (a glued street type such as "-katu" or "-straße" must end one); the pass hashes the first and
 * last one to four letters of every word and collects the patterns whose triggers occur, as the
 * detector's gated patterns do (src/models/gated-patterns.ts). It also marks where digits stand, so
 * patterns of numbers run on the stretches around digits instead of on the whole text, and the
 * longest runs of digits and of letters and digits, which patterns may require. The gate only
 * skips what cannot match: results equal running every pattern on the whole text.
 */

/** Words are keyed by their first (or last) KEY letters, lower-cased; shorter trigger words must be the whole word. */
const KEY = 4;
/** Characters kept on each side of a digit for number patterns: a cue ("call me on", "Steuer-ID") and letters of codes. */
export const DIGIT_REACH = 40;
const SEED = 0x811c9dc5;

function step(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

function slot(h: number, length: number): number {
  return ((h >>> 16) ^ h ^ (length << 13)) & 0xffff;
}

function isLetterCode(c: number): boolean {
  if (c < 0xc0) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  // General and CJK punctuation, the byte-order mark and the multiplication and division signs are not letters; everything else above is treated as one.
  return !((c >= 0x2000 && c <= 0x206f) || (c >= 0x3000 && c <= 0x303f) || c === 0xfeff || c === 0xd7 || c === 0xf7);
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiAlphanumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isWordCode(c: number): boolean {
  return isLetterCode(c) || isDigitCode(c) || c === 95;
}

function lowerCode(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c | 0x20 : c;
  return String.fromCharCode(c).toLowerCase().charCodeAt(0);
}

/** Lower-case letters of a trigger ("C/" → "c", "u." → "u", "an der" → "an"). */
function triggerLetters(word: string): string {
  let letters = '';
  for (const ch of word.toLowerCase()) {
    if (!isLetterCode(ch.charCodeAt(0))) {
      if (letters.length > 0) break;
      continue;
    }
    letters += ch;
  }
  return letters;
}

function keyOf(letters: string): number {
  let h = SEED;
  for (let j = 0; j < letters.length; j++) h = step(h, letters.charCodeAt(j));
  return slot(h, letters.length);
}

export interface Triggers {
  /** One of these must begin a word of the text (or be the word, when shorter than four letters). */
  words?: readonly string[];
  /** One of these must end a word of the text. */
  suffixes?: readonly string[];
}

/** What the pass found in one text. */
export interface TextGateResult {
  /** Bit k: the triggers of gated pattern k occur. */
  triggered: number;
  /** Stretches around digits, [start, end) pairs in text order, merged when they touch. */
  digitWindows: number[];
  /** Length of the longest run of ASCII letters and digits (a cheap prerequisite of codes). */
  alphanumericRun: number;
  /** Length of the longest run of digits. */
  digitRun: number;
}

export class TextGate {
  /** Trigger words of four letters or more, by their first four. */
  readonly #prefixes = new Uint32Array(1 << 16);
  /** Trigger words of one to three letters, whole. */
  readonly #short = new Uint32Array(1 << 16);
  /** Trigger endings, by their last one to four letters read backwards. */
  readonly #suffixes = new Uint32Array(1 << 16);

  /** `gated[k]`: the triggers of pattern k (at most 32). */
  constructor(gated: readonly Triggers[]) {
    if (gated.length > 32) throw new Error('At most 32 trigger-gated patterns.');
    gated.forEach((triggers, k) => {
      for (const word of triggers.words ?? []) {
        const letters = triggerLetters(word);
        if (letters.length === 0) throw new Error(`Trigger without a letter: ${word}.`);
        if (letters.length >= KEY) this.#prefixes[keyOf(letters.slice(0, KEY))]! |= 1 << k;
        else this.#short[keyOf(letters)]! |= 1 << k;
      }
      for (const suffix of triggers.suffixes ?? []) {
        const letters = [...triggerLetters(suffix)].reverse().join('');
        if (letters.length === 0) throw new Error(`Trigger without a letter: ${suffix}.`);
        this.#suffixes[keyOf(letters.slice(0, KEY))]! |= 1 << k;
      }
    });
  }

  scan(text: string): TextGateResult {
    const n = text.length;
    const prefixes = this.#prefixes;
    const short = this.#short;
    const suffixes = this.#suffixes;
    const windows: number[] = [];
    let triggered = 0;
    let alphanumeric = 0;
    let alphanumericRun = 0;
    let digitRun = 0;
    // The current word: its letter count, the hash of its first letters, its last four letters.
    let letters = 0;
    let h = SEED;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    let c4 = 0;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 32;
      if (isAsciiAlphanumeric(c)) {
        if (++alphanumeric > alphanumericRun) alphanumericRun = alphanumeric;
      } else alphanumeric = 0;
      if (isLetterCode(c)) {
        const lower = lowerCode(c);
        if (letters < KEY) {
          h = step(h, lower);
          if (letters === KEY - 1) triggered |= prefixes[slot(h, KEY)]!;
        }
        letters++;
        c4 = c3;
        c3 = c2;
        c2 = c1;
        c1 = lower;
        continue;
      }
      if (letters > 0) {
        if (letters < KEY) triggered |= short[slot(h, letters)]!;
        let g = step(SEED, c1);
        triggered |= suffixes[slot(g, 1)]!;
        if (letters > 1) triggered |= suffixes[slot((g = step(g, c2)), 2)]!;
        if (letters > 2) triggered |= suffixes[slot((g = step(g, c3)), 3)]!;
        if (letters > 3) triggered |= suffixes[slot(step(g, c4), 4)]!;
        letters = 0;
        h = SEED;
      }
      if (isDigitCode(c)) {
        let last = i;
        while (last + 1 < n && isDigitCode(text.charCodeAt(last + 1))) last++;
        if (last + 1 - i > digitRun) digitRun = last + 1 - i;
        // The run's digits count towards the letters-and-digits run it belongs to.
        alphanumeric += last - i;
        if (alphanumeric > alphanumericRun) alphanumericRun = alphanumeric;
        let from = Math.max(0, i - DIGIT_REACH);
        let to = Math.min(n, last + 1 + DIGIT_REACH);
        // Windows end between words, so a pattern's look-behind and look-ahead see what they would in the whole text.
        while (from > 0 && isWordCode(text.charCodeAt(from - 1))) from--;
        while (to < n && isWordCode(text.charCodeAt(to))) to++;
        if (windows.length > 0 && windows[windows.length - 1]! >= from) windows[windows.length - 1] = to;
        else windows.push(from, to);
        i = last;
      }
    }
    return { triggered, digitWindows: windows, alphanumericRun, digitRun };
  }
}
