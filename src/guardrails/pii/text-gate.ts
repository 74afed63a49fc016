/**
 * One pass over a text that tells the PII engine which patterns can match and where. Patterns may
 * name trigger words (a street type such as "Street" or "ulica" must be a word of the text) or
 * word endings (a glued street type such as "-katu" or "-straße" must end a capitalised word); the
 * pass hashes every word and collects the patterns whose triggers occur, as the detector's gated
 * patterns do (src/detector/gated-patterns.ts). It also marks where digits stand, so patterns of
 * numbers run on the stretches around digits instead of on the whole text, and records the lengths
 * of the runs of digits and the longest run of letters and digits, which patterns may require. The
 * gate only skips what cannot match: results equal running every pattern on the whole text.
 */

/** Word endings are keyed by their last one to KEY letters. */
const KEY = 4;
/** Characters kept on each side of a digit for patterns near numbers: a cue ("call me on", "Steuer-ID") and letters of codes. */
export const DIGIT_REACH = 40;
/** Characters kept on each side of a digit for patterns of numbers alone (a "+", a code's letters, look-arounds). */
export const NUMBER_REACH = 12;
/** Digit runs of this length or more share the last bit of `digitRuns`. */
const LONG_RUN = 31;
const SEED = 0x811c9dc5;
const HYPHEN = 45;

function step(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

/** The table key of a hashed word of `length` letters (never 0, the empty slot). */
function keyOf(h: number, length: number): number {
  return (Math.imul(h ^ length, 0x9e3779b1) ^ (h >>> 15)) | 1;
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Letters (`\p{L}`) and capitals (`\p{Lu}`) are looked up in a table for the alphabets with case,
 * which end before this code point. Above it (CJK, Hangul, Arabic, symbols, emoji halves) a
 * character ends a gate word but keeps a compound going: it may be a letter, even a capital.
 */
const TABLED = 0x2d30;
const LETTER = 1;
const CAPITAL = 2;

/** One UTF-16 unit case-folded as a case-insensitive pattern compares it ("ſ" and "S" as "s"). */
function foldUnit(c: number): number {
  const ch = String.fromCharCode(c);
  const upper = ch.toUpperCase();
  const lower = (upper.length === 1 ? upper : ch).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : c;
}

function classTable(): Uint8Array {
  const table = new Uint8Array(TABLED);
  const all = String.fromCharCode(...Array.from({ length: TABLED }, (_, c) => c));
  for (const m of all.matchAll(/\p{L}+/gu)) table.fill(LETTER, m.index, m.index + m[0].length);
  for (const m of all.matchAll(/\p{Lu}+/gu)) table.fill(LETTER | CAPITAL, m.index, m.index + m[0].length);
  return table;
}

const CLASS = classTable();
const FOLDED = Uint16Array.from({ length: TABLED }, (_, c) => (CLASS[c]! & LETTER ? foldUnit(c) : c));

/** A letter of a gate word: `\p{L}` below TABLED. */
function isLetterCode(c: number): boolean {
  return c < TABLED && (CLASS[c]! & LETTER) !== 0;
}

/** Folded letters of a trigger up to its first non-letter ("C/" → "c", "u." → "u", "an der" → "an"). */
function triggerLetters(word: string): number[] {
  const letters: number[] = [];
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (!isLetterCode(c)) {
      if (letters.length > 0) break;
      continue;
    }
    letters.push(FOLDED[c]!);
  }
  if (letters.length === 0) throw new Error(`Trigger without a letter: ${word}.`);
  return letters;
}

function hashLetters(letters: readonly number[]): number {
  let h = SEED;
  for (const c of letters) h = step(h, c);
  return keyOf(h, letters.length);
}

export interface Triggers {
  /**
   * One of these must be a whole word of the text. A trigger written with a capital ("Street")
   * only counts as a word that starts with one: its pattern is case-sensitive.
   */
  words?: readonly string[];
  /** One of these must end a word of a capitalised compound ("Mäkelänkatu", "Karl-Marx-straße"). */
  suffixes?: readonly string[];
  /** The trigger is followed by a house number: a digit after at most three of ". ," ("Straße 5", "u. 47", "Cra. 7"). */
  numberAfter?: boolean;
}

/** What the pass found in one text. */
export interface TextGateResult {
  /** Bit k: the triggers of gated pattern k occur. */
  triggered: number;
  /** Stretches within DIGIT_REACH of digits, [start, end) pairs in text order, merged when they touch. */
  digitWindows: number[];
  /** The same within NUMBER_REACH of digits. */
  numberWindows: number[];
  /** Length of the longest run of ASCII letters and digits (a cheap prerequisite of codes). */
  alphanumericRun: number;
  /** Length of the longest run of digits. */
  digitRun: number;
  /** Bit n (1 ≤ n < 31): a run of exactly n digits occurs; bit 31: a run of 31 or more. */
  digitRuns: number;
  /** Every run of ASCII digits, [start, end) pairs in text order. */
  runs: number[];
}

/** Bit of `digitRuns` for a run of `length` digits. */
export function digitRunBit(length: number): number {
  return 1 << Math.min(length, LONG_RUN);
}

/** An open-addressing map from word keys to two sets of pattern bits: for any word, and for a capitalised one. */
class KeyTable {
  readonly keys: Int32Array;
  readonly bits: Uint32Array;
  readonly capitalBits: Uint32Array;
  readonly mask: number;

  constructor(entries: readonly (readonly [key: number, bits: number, capital: boolean])[]) {
    let capacity = 16;
    while (capacity < entries.length * 4) capacity <<= 1;
    this.keys = new Int32Array(capacity);
    this.bits = new Uint32Array(capacity);
    this.capitalBits = new Uint32Array(capacity);
    this.mask = capacity - 1;
    for (const [key, bits, capital] of entries) {
      let slot = key & this.mask;
      while (this.keys[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & this.mask;
      this.keys[slot] = key;
      this.capitalBits[slot]! |= bits;
      if (!capital) this.bits[slot]! |= bits;
    }
  }

  /** The slot of a key, or -1. */
  find(key: number): number {
    const keys = this.keys;
    for (let slot = key & this.mask; ; slot = (slot + 1) & this.mask) {
      const k = keys[slot]!;
      if (k === key) return slot;
      if (k === 0) return -1;
    }
  }
}

/** Whether a digit follows position i after at most three of ". ," (a house number after a street type). */
function numberFollows(text: string, i: number): boolean {
  for (let k = i; k < text.length && k < i + 4; k++) {
    const c = text.charCodeAt(k);
    if (isDigitCode(c)) return true;
    if (c !== 46 && c !== 44 && c !== 32) return false;
  }
  return false;
}

/**
 * Whether a window around digits grows over this character: letters, digits, "_" and the other
 * letters and numbers of Latin-1 ("²", "º"), so that a window ends between words.
 */
function extendsWindow(c: number): boolean {
  if (c < 0xaa) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return !((c >= 0x2000 && c <= 0x206f) || (c >= 0x3000 && c <= 0x303f) || c === 0xfeff);
}

/**
 * Adds [from, to) to the windows: merged with the last window when they touch, else after it.
 * A window's start grows to a word boundary when it is added, its end when the next window starts
 * apart from it (or by `closeWindows`), so that a pattern's look-behind and look-ahead see what
 * they would in the whole text.
 */
function addWindow(windows: number[], text: string, from: number, to: number): void {
  to = Math.min(text.length, to);
  const last = windows.length - 1;
  if (last > 0 && windows[last]! < from) closeWindows(windows, text);
  if (last > 0 && windows[last]! >= from) {
    if (to > windows[last]!) windows[last] = to;
    return;
  }
  from = Math.max(0, from);
  while (from > 0 && extendsWindow(text.charCodeAt(from - 1))) from--;
  windows.push(from, to);
}

/** Grows the end of the last window to a word boundary. */
function closeWindows(windows: number[], text: string): void {
  const last = windows.length - 1;
  if (last < 1) return;
  let to = windows[last]!;
  while (to < text.length && extendsWindow(text.charCodeAt(to))) to++;
  windows[last] = to;
}

export class TextGate {
  /** Whole trigger words; a capitalised trigger only for a capitalised word. */
  readonly #words: KeyTable;
  /** Word endings, by their last letters (at least the shortest ending's, at most four) read backwards. */
  readonly #suffixes: KeyTable;
  readonly #shortestSuffix: number;
  /** Patterns whose trigger must be followed by a house number. */
  readonly #numberAfter: number;
  readonly #anySuffix: boolean;

  /** `gated[k]`: the triggers of pattern k (at most 32). */
  constructor(gated: readonly Triggers[]) {
    if (gated.length > 32) throw new Error('At most 32 trigger-gated patterns.');
    const words: [number, number, boolean][] = [];
    const suffixes: [number, number, boolean][] = [];
    let shortestSuffix = KEY;
    let numberAfter = 0;
    gated.forEach((triggers, k) => {
      const bit = 1 << k;
      if (triggers.numberAfter) numberAfter |= bit;
      for (const word of triggers.words ?? []) {
        const first = [...word].find((ch) => isLetterCode(ch.charCodeAt(0)));
        words.push([hashLetters(triggerLetters(word)), bit, first !== undefined && first !== first.toLowerCase()]);
      }
      for (const suffix of triggers.suffixes ?? []) {
        const letters = triggerLetters(suffix).reverse().slice(0, KEY);
        shortestSuffix = Math.min(shortestSuffix, letters.length);
        suffixes.push([hashLetters(letters), bit, false]);
      }
    });
    this.#words = new KeyTable(words);
    this.#suffixes = new KeyTable(suffixes);
    this.#shortestSuffix = shortestSuffix;
    this.#numberAfter = numberAfter | 0;
    this.#anySuffix = suffixes.length > 0;
  }

  scan(text: string): TextGateResult {
    const n = text.length;
    const windows: number[] = [];
    const numberWindows: number[] = [];
    const runs: number[] = [];
    let triggered = 0;
    let alphanumeric = 0;
    let alphanumericRun = 0;
    let digitRun = 0;
    let digitRuns = 0;
    // A capitalised compound: letters and hyphens of which some part starts with a capital ("über-Hauptstraße").
    let compoundCapital = false;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isLetterCode(c)) {
        const start = i;
        let h = SEED;
        for (; i < n; i++) {
          const d = text.charCodeAt(i);
          if (d < 128) {
            if (d >= 97 && d <= 122) h = step(h, d);
            else if (d >= 65 && d <= 90) h = step(h, d | 0x20);
            else break;
            alphanumeric++;
          } else {
            if (!isLetterCode(d)) break;
            h = step(h, FOLDED[d]!);
            if (alphanumeric > alphanumericRun) alphanumericRun = alphanumeric;
            alphanumeric = 0;
          }
        }
        if (alphanumeric > alphanumericRun) alphanumericRun = alphanumeric;
        const length = i - start;
        const capital = (CLASS[text.charCodeAt(start)]! & CAPITAL) !== 0;
        compoundCapital ||= capital;
        const slot = this.#words.find(keyOf(h, length));
        let bits = slot < 0 ? 0 : capital ? this.#words.capitalBits[slot]! : this.#words.bits[slot]!;
        if (compoundCapital && this.#anySuffix) bits |= this.#suffixBits(text, start, i);
        if ((bits & this.#numberAfter & ~triggered) !== 0 && !numberFollows(text, i)) bits &= ~this.#numberAfter;
        triggered |= bits;
        continue;
      }
      // Above the table a character may be a letter, even a capital: the compound goes on as if it began with one.
      if (c >= TABLED) compoundCapital = true;
      else if (c !== HYPHEN) compoundCapital = false;
      if (isDigitCode(c)) {
        const first = i;
        while (i + 1 < n && isDigitCode(text.charCodeAt(i + 1))) i++;
        const run = i + 1 - first;
        if (run > digitRun) digitRun = run;
        digitRuns |= digitRunBit(run);
        runs.push(first, i + 1);
        alphanumeric += run;
        if (alphanumeric > alphanumericRun) alphanumericRun = alphanumeric;
        addWindow(windows, text, first - DIGIT_REACH, i + 1 + DIGIT_REACH);
        addWindow(numberWindows, text, first - NUMBER_REACH, i + 1 + NUMBER_REACH);
        i++;
        continue;
      }
      alphanumeric = 0;
      i++;
    }
    closeWindows(windows, text);
    closeWindows(numberWindows, text);
    return { triggered, digitWindows: windows, numberWindows, alphanumericRun, digitRun, digitRuns, runs };
  }

  /** Pattern bits of the endings of the word text[start, end). */
  #suffixBits(text: string, start: number, end: number): number {
    let bits = 0;
    let h = SEED;
    for (let k = 1; k <= KEY && end - k >= start; k++) {
      h = step(h, FOLDED[text.charCodeAt(end - k)]!);
      if (k < this.#shortestSuffix) continue;
      const slot = this.#suffixes.find(keyOf(h, k));
      if (slot >= 0) bits |= this.#suffixes.bits[slot]!;
    }
    return bits;
  }
}
