/**
 * Latin spelling of Cyrillic and Greek: the PERSON model reads Latin-script words, and its lexicon
 * holds the names of the Russian, Ukrainian, Macedonian and Greek locales romanised this way, so a
 * text in those alphabets is scored in this spelling and its names are mapped back.
 */

// Simplified BGN/PCGN romanisation of Russian, Ukrainian and Macedonian Cyrillic, and of Greek.
const ROMANISATION: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ѓ: 'gj',
  е: 'e',
  ё: 'yo',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  ѕ: 'dz',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  ј: 'j',
  к: 'k',
  ќ: 'kj',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dzh',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Greek (with its accented letters) and Cyrillic. */
const ROMANISED_SCRIPTS = /[\u0370-\u03ff\u0400-\u04ff\u1f00-\u1fff]/;

/** The Latin spelling of one letter without its accents, or undefined for a letter of no romanised alphabet. */
function latinOf(ch: string): string | undefined {
  return ROMANISATION[ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()];
}

/** Latin spelling of a Cyrillic or Greek name, capitalised like the original ('' when a letter is unknown). */
export function romaniseName(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFD').replace(/\p{M}/gu, '')) {
    const lower = ch.toLowerCase();
    const latin = ROMANISATION[lower];
    if (latin === undefined) {
      if (ch === '-' || ch === ' ' || ch === "'") out += ch;
      else return '';
    } else out += ch === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}

/** A text in Latin spelling, and for each of its UTF-16 units the one of the original it stands for. */
export interface RomanisedText {
  text: string;
  origins: Int32Array;
}

function isUpper(ch: string | undefined): boolean {
  return ch !== undefined && ch !== ch.toLowerCase();
}

/** Whether a text has a Cyrillic or Greek letter. */
export function hasRomanisedScript(text: string): boolean {
  return ROMANISED_SCRIPTS.test(text);
}

const WORD = /[\p{L}\p{M}]+/gu;
const MARK = /\p{M}/u;

/** A word of letters that all have a Latin spelling (not "toStringлу", not Kazakh "маған"). */
function romanisable(word: string): boolean {
  for (const ch of word) if (!MARK.test(ch) && (!ROMANISED_SCRIPTS.test(ch) || latinOf(ch) === undefined)) return false;
  return true;
}

/**
 * The text with its Cyrillic and Greek words spelled in Latin ("Анна СМИРНОВА" → "Anna
 * SMIRNOVA"; a capital spelled with two letters is all capitals inside a word in capitals), or
 * undefined when it has none. Words that mix alphabets ("toStringлу") or have letters without a Latin spelling here stay as they are.
 */
export function romaniseText(text: string): RomanisedText | undefined {
  if (!ROMANISED_SCRIPTS.test(text)) return undefined;
  const pieces: string[] = [];
  const origins: number[] = [];
  let at = 0;
  const copy = (to: number): void => {
    pieces.push(text.slice(at, to));
    for (let k = at; k < to; k++) origins.push(k);
    at = to;
  };
  for (const { 0: word, index } of text.matchAll(WORD)) {
    if (!romanisable(word)) continue;
    copy(index);
    for (let i = index; i < index + word.length; i++) {
      const ch = text[i]!;
      const latin = latinOf(ch) ?? '';
      const piece = !isUpper(ch) ? latin : isUpper(text[i + 1]) || isUpper(text[i - 1]) ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
      pieces.push(piece);
      for (let k = 0; k < piece.length; k++) origins.push(i);
    }
    at = index + word.length;
  }
  copy(text.length);
  origins.push(text.length);
  return { text: pieces.join(''), origins: Int32Array.from(origins) };
}
