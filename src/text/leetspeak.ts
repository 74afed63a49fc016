/**
 * Leetspeak folding: "1gn0r3 pr3v10u5 1n5truct10n5" → "ignore previous instructions". Only tokens
 * that mix letters with digit/symbol substitutes are touched, and only when a substitute sits inside
 * the word or there are several of them, so "mp3", "covid19", "x86" and plain numbers stay as they are.
 * Letters spelled out one by one ("i g n o r e", "i.g.n.o.r.e") are joined back into a word.
 */
const SUBSTITUTES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
  '€': 'e',
  '£': 'l',
};

const UNIT_OR_ORDINAL = /^\d+(?:st|nd|rd|th|am|pm|px|pt|em|kg|km|cm|mm|mb|gb|kb|tb|ms|hz|mph|fps|bit|kw|mg|ml)$/;
const TOKEN = /[\p{L}\p{N}@$!|+€£]+/gu;
const LETTER = /\p{L}/u;
const SUBSTITUTE_OR_DIGIT = /[0-9@$!|+€£]/;

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/**
 * A run of substitutes is folded only when letters enclose it ("h3ll0" has "3" between letters, so the
 * trailing "0" folds too; "covid19" has no enclosed run and stays). Symbols need letters on both sides.
 */
function foldToken(token: string): string {
  // Without a substitute or an ASCII digit the token is letters (nothing to fold) or holds another digit (a number).
  if (!SUBSTITUTE_OR_DIGIT.test(token)) return token;
  const chars = Array.from(token);
  const isLetter = chars.map((ch) => LETTER.test(ch));
  if (chars.some((ch, i) => !isLetter[i] && SUBSTITUTES[ch] === undefined)) return token; // a number or identifier
  let enclosed = false;
  for (let i = 0; i < chars.length && !enclosed; i++) {
    if (isLetter[i]) continue;
    let j = i;
    while (j < chars.length && !isLetter[j]) j++;
    if (i > 0 && j < chars.length) enclosed = true;
    i = j;
  }
  // A leading digit also folds ("4ll", "3vil"), unless the token is an ordinal or a unit ("1st", "4px").
  const leading = isDigit(chars[0]!) && chars.length >= 3 && isLetter[1]! && isLetter[2]! && !UNIT_OR_ORDINAL.test(token);
  if ((!enclosed && !leading) || isLetter.filter(Boolean).length < 2) return token;
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const symbolAtEdge = !isDigit(ch) && (i === 0 || i === chars.length - 1);
    out += isLetter[i] || symbolAtEdge ? ch : SUBSTITUTES[ch]!;
  }
  return out;
}

// Four or more single letters separated by one space or one of . - _ *
const SPELLED_OUT = /(?<![\p{L}\p{N}])\p{L}(?:[ .\-_*]\p{L}){3,}(?![\p{L}\p{N}])/gu;

/** Folds leetspeak tokens and spelled-out words in lower-cased text. */
export function foldLeetspeak(lower: string): string {
  const joined = lower.replace(SPELLED_OUT, (run) => run.replace(/[ .\-_*]/g, ''));
  if (!SUBSTITUTE_OR_DIGIT.test(joined)) return joined;
  return joined.replace(TOKEN, foldToken);
}
