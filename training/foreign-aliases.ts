import { readList } from './data-files.ts';

/**
 * Foreign words that borrow the vector of their English translation in the shipped word-vector
 * table, so that an instruction-override or extraction request in another language lands near its
 * English meaning. Hand-written for the vocabulary of attacks and of everyday requests in
 * training/data/foreign-aliases.txt; each line is an English word, a colon and its forms in Spanish,
 * French, German, Italian, Portuguese, Dutch, Russian, Polish, Turkish and Indonesian (CJK scripts
 * rely on character n-grams instead). A form keeps the first English word it is listed under.
 */
function parse(lines: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [i, line] of lines.entries()) {
    const [english, rest] = line.split(':');
    if (english === undefined || rest === undefined) throw new Error(`training/data/foreign-aliases.txt:${i + 1}: expected "english: forms"`);
    for (const w of rest.trim().split(/\s+/)) if (w !== english.trim() && !out.has(w)) out.set(w, english.trim());
  }
  return out;
}

export const FOREIGN_ALIASES: ReadonlyMap<string, string> = parse(readList('foreign-aliases.txt'));
