/**
 * Homoglyph folding: letters from other scripts that look like Latin letters (Cyrillic "а", Greek "ο",
 * Armenian "օ", ...) are mapped to the Latin letter inside words that are otherwise Latin, so
 * "іgnоrе" (Cyrillic і, о, е) reads as "ignore". Words written wholly in another script are left
 * alone: folding genuine Russian or Greek text would only damage it. Mathematical and full-width
 * variants are already handled by NFKC; this table covers the script look-alikes NFKC keeps.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ӏ: 'l',
  ь: 'b',
  п: 'n',
  г: 'r',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  ζ: 'z',
  // Armenian, Cherokee-like and other frequent look-alikes
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  ց: 'g',
  ք: 'f',
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  ı: 'i',
  ȷ: 'j',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
};

const LATIN = /[a-z]/;
const WORD = /[\p{L}\p{N}]+/gu;

/** Whether the word mixes Latin letters with look-alikes, or consists of look-alikes in a Latin text. */
function shouldFold(word: string, textIsLatin: boolean): boolean {
  let latin = 0;
  let lookalike = 0;
  let other = 0;
  for (const ch of word) {
    if (LATIN.test(ch)) latin++;
    else if (LOOKALIKES[ch] !== undefined) lookalike++;
    else if (!(ch >= '0' && ch <= '9')) other++;
  }
  if (lookalike === 0) return false;
  if (latin > 0) return true;
  return textIsLatin && other === 0;
}

/** Share of letters that are basic Latin. */
function latinShare(text: string): number {
  let latin = 0;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) {
      latin++;
      letters++;
    } else if (c >= 0xc0 && /\p{L}/u.test(text[i]!)) letters++;
  }
  return letters === 0 ? 0 : latin / letters;
}

/** Folds look-alike letters in lower-cased text (see module comment). ASCII text is returned as is. */
export function foldConfusables(lower: string): string {
  if (!/[^\x00-\x7f]/.test(lower)) return lower;
  const textIsLatin = latinShare(lower) >= 0.5;
  return lower.replace(WORD, (word) => {
    if (!shouldFold(word, textIsLatin)) return word;
    let out = '';
    for (const ch of word) out += LOOKALIKES[ch] ?? ch;
    return out;
  });
}
