import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { normaliseForDetection } from '../src/text/normalise.ts';

/**
 * Foreign words aligned to English through FreeDict bilingual dictionaries (Debian's
 * `dict-freedict-*` packages, read at training time only): a foreign word borrows the word vector
 * of its English translation, so that a request in another language lands near its English meaning
 * in the detector's word-vector features. Only the derived word → English-word table is shipped.
 *
 * Install the dictionaries before `npm run train` (see training/README.md):
 *   apt-get install dict-freedict-{ara,deu,fra,ita,por,spa,tur}-eng dict-freedict-eng-{ara,deu,fra,hin,ind,ita,por,rus,spa,tur}
 */
export const DEFAULT_DICTIONARY_DIR = process.env.RAMPART_FREEDICT_DIR ?? '/usr/share/dictd';

/** Dictionaries read, as `<from>-<to>` FreeDict codes; one side is always English. */
export const DICTIONARIES = [
  'ara-eng',
  'deu-eng',
  'fra-eng',
  'ita-eng',
  'por-eng',
  'spa-eng',
  'tur-eng',
  'eng-ara',
  'eng-deu',
  'eng-fra',
  'eng-hin',
  'eng-ind',
  'eng-ita',
  'eng-por',
  'eng-rus',
  'eng-spa',
  'eng-tur',
] as const;

/** Most aliases taken from one language, so a huge dictionary (German: 500k entries) cannot crowd out the others. */
const PER_LANGUAGE = 6000;

export interface DictionaryAliases {
  /** Foreign word (normalised as the detector reads it) → English word, at most PER_LANGUAGE a language. */
  aliases: Map<string, string>;
  /** Every foreign word of the dictionaries → English word: the glossary (src/detector/glossary.ts). */
  translations: Map<string, string>;
  /** Dictionaries read, with their licence and the number of aliases each gave. */
  sources: Array<{ dictionary: string; licence: string; aliases: number }>;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd index numbers are big-endian base-64 digits. */
function dictNumber(s: string): number {
  let n = 0;
  for (const c of s) n = n * 64 + BASE64.indexOf(c);
  return n;
}

/** Arabic vowel marks and tatweel: dictionaries write them, everyday text mostly does not. */
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640]/g;
const SINGLE_WORD = /^[\p{L}\p{M}]+$/u;

function normaliseWord(word: string): string | null {
  const raw = word.replace(ARABIC_MARKS, '').trim();
  if (!SINGLE_WORD.test(raw)) return null; // cheap test first: most headwords are phrases
  const w = normaliseForDetection(raw);
  return w.length >= 2 && SINGLE_WORD.test(w) ? w : null;
}

/** The translations of an entry: its unindented lines after the headword, split into single words. */
function translationsOf(entry: string): string[] {
  const out: string[] = [];
  for (const line of entry.split('\n').slice(1)) {
    if (line === '' || /^\s/.test(line)) continue; // examples, notes and cross-references are indented
    for (const part of line
      .replace(/^\d+\.\s*/, '')
      .replace(/<[^>]*>|\([^)]*\)|\/[^/]*\//g, '')
      .split(/[,;]/)) {
      const words = part.trim().split(/\s+/);
      // "to ignore" → "ignore"; longer phrases carry no single-word translation.
      const word = words.length === 2 && words[0] === 'to' ? words[1]! : words.length === 1 ? words[0]! : '';
      if (word !== '') out.push(word);
    }
  }
  return out;
}

function licenceOf(info: string): string {
  if (/GNU General Public License/i.test(info)) return 'GPL';
  if (/Creative Commons|CC-BY-SA|Attribution-ShareAlike/i.test(info)) return 'CC-BY-SA';
  return 'see dictionary';
}

interface Entry {
  headword: string;
  body: string;
}

function readDictionary(dir: string, code: string): { entries: Entry[]; licence: string } | null {
  const base = join(dir, `freedict-${code}`);
  if (!existsSync(`${base}.index`) || !existsSync(`${base}.dict.dz`)) return null;
  const data = gunzipSync(readFileSync(`${base}.dict.dz`));
  const entries: Entry[] = [];
  let info = '';
  for (const line of readFileSync(`${base}.index`, 'utf8').split('\n')) {
    const [headword, offset, length] = line.split('\t');
    if (headword === undefined || offset === undefined || length === undefined) continue;
    const start = dictNumber(offset);
    const body = data.subarray(start, start + dictNumber(length)).toString('utf8');
    if (headword === '00databaseinfo' || headword === '00-database-info') info = body;
    else if (!headword.startsWith('00')) entries.push({ headword, body });
  }
  return { entries, licence: licenceOf(info) };
}

/**
 * Reads the installed dictionaries and returns foreign word → English word. The English word is the
 * translation ranked first in `englishRank` (GloVe's frequency order: the common sense of a word
 * before its rare ones); words without a rank have no useful vector and are not targets. Dictionaries whose licence is excluded are
 * skipped; a missing dictionary is an error, since the model would silently change without it.
 * Within a language, words that occur in `corpusWords` come first, then shorter words (short
 * headwords are the common ones), up to PER_LANGUAGE.
 */
export interface DictionarySource {
  /** Folder of the dictd files (`freedict-<code>.index` and `.dict.dz`). */
  dir: string;
  /** FreeDict codes to read, `<from>-<to>`. */
  codes: readonly string[];
}

export function dictionaryAliases(
  englishRank: ReadonlyMap<string, number>,
  corpusWords: ReadonlySet<string>,
  isExcludedLicence: (licence: string) => boolean,
  source: DictionarySource = { dir: DEFAULT_DICTIONARY_DIR, codes: DICTIONARIES },
): DictionaryAliases {
  const byLanguage = new Map<string, Map<string, string>>();
  const sources: DictionaryAliases['sources'] = [];
  const missing: string[] = [];
  for (const code of source.codes) {
    const read = readDictionary(source.dir, code);
    if (read === null) {
      missing.push(code);
      continue;
    }
    if (isExcludedLicence(read.licence)) {
      sources.push({ dictionary: code, licence: read.licence, aliases: 0 });
      continue;
    }
    const fromEnglish = code.startsWith('eng-');
    const language = fromEnglish ? code.slice(4) : code.slice(0, 3);
    let table = byLanguage.get(language);
    if (table === undefined) byLanguage.set(language, (table = new Map()));
    const before = table.size;
    for (const { headword, body } of read.entries) {
      const translations = translationsOf(body);
      if (fromEnglish) {
        const english = headword.toLowerCase();
        if (!englishRank.has(english)) continue;
        for (const t of translations) {
          const foreign = normaliseWord(t);
          if (foreign !== null && !table.has(foreign)) table.set(foreign, english);
        }
      } else {
        const foreign = normaliseWord(headword);
        if (foreign === null || table.has(foreign)) continue;
        let english: string | undefined;
        for (const t of translations) {
          const w = t.toLowerCase();
          if ((englishRank.get(w) ?? Infinity) < (english === undefined ? Infinity : englishRank.get(english)!)) english = w;
        }
        if (english !== undefined) table.set(foreign, english);
      }
    }
    sources.push({ dictionary: code, licence: read.licence, aliases: table.size - before });
  }
  if (missing.length > 0) {
    throw new Error(
      `FreeDict dictionaries missing in ${source.dir}: ${missing.join(', ')}. Install them with: apt-get install ${missing.map((c) => `dict-freedict-${c}`).join(' ')}`,
    );
  }
  const aliases = new Map<string, string>();
  const translations = new Map<string, string>();
  for (const [, table] of [...byLanguage].sort((a, b) => a[0].localeCompare(b[0]))) {
    const ranked = [...table].sort(([a], [b]) => Number(corpusWords.has(b)) - Number(corpusWords.has(a)) || a.length - b.length || a.localeCompare(b));
    for (const [foreign, english] of ranked.slice(0, PER_LANGUAGE)) if (!aliases.has(foreign)) aliases.set(foreign, english);
    for (const [foreign, english] of ranked) if (!translations.has(foreign)) translations.set(foreign, english);
  }
  return { aliases, translations, sources };
}
