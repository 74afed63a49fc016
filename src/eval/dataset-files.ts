import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/** One row of a labelled JSONL file in the shared datasets' format. */
export interface DatasetRow {
  text: string;
  label: string;
  category: string;
  source: string;
  license: string;
  /** File the row came from, without `.jsonl`. */
  file: string;
}

export function readJsonlFile(path: string): DatasetRow[] {
  const file = basename(path).replace(/\.jsonl$/, '');
  const rows: DatasetRow[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line) as Partial<DatasetRow>;
    if (typeof r.text !== 'string' || typeof r.label !== 'string') throw new Error(`${path}: a row lacks text or label`);
    rows.push({ text: r.text, label: r.label, category: r.category ?? '', source: r.source ?? '', license: r.license ?? '', file });
  }
  return rows;
}

/** The JSONL files at `path`: the file itself, or every `*.jsonl` of a directory in name order. */
export function jsonlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(path, f));
}
