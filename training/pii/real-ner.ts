/**
 * The span-annotated NER files of the datasets folder (train/pii/): Universal NER, WNUT-17, Turku
 * NER and NerKor. They are read at training and evaluation time and never copied into the
 * repository. Only PERSON spans are PII; LOCATION and ORGANIZATION spans are kept as places where
 * a PERSON must not be reported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datasetsDir } from '../dataset.ts';

/** The PII resource and NER files of the datasets folder. */
export const piiDataDir = (): string => join(datasetsDir(), 'train/pii');

export interface NerSpan {
  type: 'PERSON' | 'LOCATION' | 'ORGANIZATION';
  start: number;
  end: number;
}
export interface NerText {
  text: string;
  spans: NerSpan[];
  language: string;
  /** The corpus: uner, wnut17, turku, nerkor. */
  corpus: string;
}

/** Corpus name → file. */
export const NER_FILES: Readonly<Record<string, string>> = {
  uner: 'UniversalNER__UNER__multilingual.jsonl',
  wnut17: 'leondz__emerging_entities_17__wnut17.jsonl',
  turku: 'TurkuNLP__turku-ner-corpus__finnish_ner.jsonl',
  nerkor: 'nytud__NYTK-NerKor__hungarian_ner.jsonl',
};

export function readNer(corpus: string): NerText[] {
  const lines = readFileSync(join(piiDataDir(), NER_FILES[corpus]!), 'utf8').split('\n').filter(Boolean);
  return lines.map((line) => {
    const row = JSON.parse(line) as { text: string; spans: NerSpan[]; language: string };
    return { text: row.text, spans: row.spans, language: row.language, corpus };
  });
}

/** Every NER text, in a fixed order. */
export function readAllNer(): NerText[] {
  return Object.keys(NER_FILES).flatMap(readNer);
}

/** The group a sentence is reported in: its corpus, and Universal NER by language. */
export function nerGroup(row: NerText): string {
  return row.corpus === 'uner' ? `uner-${row.language}` : row.corpus;
}

/**
 * The folds of leave-one-out validation: each corpus, with Universal NER's English (web text)
 * and its eight other languages held out apart.
 */
export const NER_FOLDS = ['uner-en', 'uner-other', 'wnut17', 'turku', 'nerkor'] as const;

export function nerFold(row: NerText): string {
  if (row.corpus !== 'uner') return row.corpus;
  return row.language === 'en' ? 'uner-en' : 'uner-other';
}

/** Where `npm run train:pii` writes the validation model of each fold (git-ignored). */
export const FOLDS_DIR = fileURLToPath(new URL('../../tmp/pii/folds/', import.meta.url));
