import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads the hand-written training material under training/data/ (see its README.md). Paths are
 * relative to that folder. Every reader checks the file's shape and names the line it rejects, so
 * a stray edit fails loudly instead of changing the generated texts unnoticed.
 */
const DATA_DIR = join(import.meta.dirname, 'data');

/** The lines of a UTF-8 file that ends with a newline. */
function lines(path: string): string[] {
  const text = readFileSync(join(DATA_DIR, path), 'utf8');
  if (!text.endsWith('\n')) throw new Error(`training/data/${path}: the file must end with a newline`);
  return text.slice(0, -1).split('\n');
}

function fail(path: string, index: number, problem: string): never {
  throw new Error(`training/data/${path}:${index + 1}: ${problem}`);
}

/**
 * The items of a list: a `.txt` file holds one item a line, verbatim (no blank lines, no leading or
 * trailing spaces); a `.jsonl` file one JSON string a line, for items that span lines, contain tabs
 * or are empty.
 */
export function readList(path: string): string[] {
  if (path.endsWith('.jsonl')) {
    return lines(path).map((line, i) => {
      const item: unknown = JSON.parse(line);
      return typeof item === 'string' ? item : fail(path, i, 'expected a JSON string');
    });
  }
  if (!path.endsWith('.txt')) throw new Error(`training/data/${path}: lists are .txt or .jsonl files`);
  const items = lines(path);
  items.forEach((item, i) => {
    if (item === '' || item.trim() !== item || item.includes('\t')) fail(path, i, 'blank line, tab, or leading or trailing space');
  });
  return items;
}

/** The rows of a `.tsv` file: `columns` tab-separated fields a line, none of them empty. */
export function readTable(path: string, columns: number): string[][] {
  return lines(path).map((line, i) => {
    const fields = line.split('\t');
    if (fields.length !== columns || fields.some((f) => f === '' || f.trim() !== f)) fail(path, i, `expected ${columns} non-empty tab-separated fields`);
    return fields;
  });
}

/** A two-column `.tsv` file: the second column grouped by the first, in order of first appearance. */
export function readGroups(path: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [key, item] of readTable(path, 2) as Array<[string, string]>) groups.set(key, [...(groups.get(key) ?? []), item]);
  return groups;
}

/**
 * The languages of a per-language folder, in the order of its `languages.txt`; every other file of
 * the folder must be `<language><extension>` for a listed language, and every listed language must
 * have its file.
 */
export function readLanguages(dir: string, extension: string): string[] {
  const languages = readList(`${dir}/languages.txt`);
  const expected = new Set(['languages.txt', ...languages.map((l) => `${l}${extension}`)]);
  const present = new Set(readdirSync(join(DATA_DIR, dir)));
  const differences = [...expected.symmetricDifference(present)];
  if (differences.length > 0) throw new Error(`training/data/${dir}: files and languages.txt disagree: ${differences.join(', ')}`);
  return languages;
}

/** A template with its `{name}` placeholders replaced by `values` in one pass; an unknown name throws. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`template placeholder {${name}} has no value: ${template}`);
    return values[name]!;
  });
}
