import type { DatasetRow } from './dataset.ts';

/**
 * The licence a row is used under: the dataset's `license` field, plus upstream terms the README
 * notes for files whose field names only the hosting repository's licence.
 */
const UPSTREAM_TERMS: ReadonlyArray<readonly [RegExp, string]> = [[/harmless_alpaca_splits/, 'CC-BY-NC-4.0 (upstream Alpaca data)']];

export function effectiveLicence(row: Pick<DatasetRow, 'file' | 'license'>): string {
  const notes = UPSTREAM_TERMS.filter(([p]) => p.test(row.file)).map(([, t]) => t);
  return [row.license, ...notes].join('; ');
}

/** Whether any of the (case-insensitive) licence fragments occurs in the row's effective licence. */
export function isExcluded(row: Pick<DatasetRow, 'file' | 'license'>, excluded: readonly string[]): boolean {
  const licence = effectiveLicence(row).toLowerCase();
  return excluded.some((fragment) => fragment !== '' && licence.includes(fragment.toLowerCase()));
}
