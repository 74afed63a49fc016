/** How far around a match context words are looked for, in UTF-16 units. */
const BEFORE = 48;
const AFTER = 24;
/** Negative words must be close: they name the very number that follows them. */
const NEGATIVE_BEFORE = 24;

/**
 * Compiles lower-case context words into one case-insensitive matcher. Latin words must start at a
 * word boundary ("pan" must not fire inside "company"); words in scripts without spaces need not.
 * With `wholeWords` they must also end at one ("ref" is not "Refah").
 */
export function contextMatcher(words: readonly string[] | undefined, wholeWords = false): RegExp | undefined {
  if (!words?.length) return undefined;
  const alternatives = words.map((word) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (!/^[a-z]/.test(word)) return escaped;
    return `(?<![\\p{L}\\p{N}])${escaped}${wholeWords && /[a-z]$/.test(word) ? '(?![\\p{L}])' : ''}`;
  });
  return new RegExp(alternatives.join('|'), 'iu');
}

/** Whether a negative context word ("order", "version") stands right before [start, …). */
export function hasNegativeContext(matcher: RegExp | undefined, text: string, start: number): boolean {
  return matcher ? matcher.test(text.slice(Math.max(0, start - NEGATIVE_BEFORE), start)) : false;
}

/** Whether a context word occurs in the window around [start, end) of `text`. */
export function hasContext(matcher: RegExp | undefined, text: string, start: number, end: number): boolean {
  if (!matcher) return false;
  return matcher.test(text.slice(Math.max(0, start - BEFORE), start)) || matcher.test(text.slice(end, end + AFTER));
}
