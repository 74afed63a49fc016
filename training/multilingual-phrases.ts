import { readGroups, readLanguages } from './data-files.ts';

/**
 * Hand-written phrases in other languages, so the model sees that an attack stays an attack in any
 * language and that a question is not suspicious for being foreign. Per language: attack sentences
 * (instruction override, system-prompt extraction, secret extraction, restriction lifting) and everyday
 * benign questions. Written for this project; no dataset text. One table of kind and phrase per
 * language in training/data/multilingual-phrases/.
 */
export interface LanguagePhrases {
  override: string[];
  extraction: string[];
  secret: string[];
  unrestricted: string[];
  benign: string[];
  /** Hazardous requests (content moderation), where written. */
  harmful?: string[];
}

const KINDS = new Set(['override', 'extraction', 'secret', 'unrestricted', 'benign', 'harmful']);

function languagePhrases(lang: string): LanguagePhrases {
  const path = `multilingual-phrases/${lang}.tsv`;
  const groups = readGroups(path);
  const fail = (problem: string): never => {
    throw new Error(`training/data/${path}: ${problem}`);
  };
  for (const kind of groups.keys()) if (!KINDS.has(kind)) fail(`unknown kind ${kind}`);
  const of = (kind: string) => groups.get(kind) ?? fail(`no ${kind} phrases`);
  const harmful = groups.get('harmful');
  return {
    override: of('override'),
    extraction: of('extraction'),
    secret: of('secret'),
    unrestricted: of('unrestricted'),
    benign: of('benign'),
    ...(harmful === undefined ? {} : { harmful }),
  };
}

export const PHRASES: Record<string, LanguagePhrases> = Object.fromEntries(
  readLanguages('multilingual-phrases', '.tsv').map((lang) => [lang, languagePhrases(lang)]),
);
