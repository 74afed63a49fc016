import { join } from 'node:path';
import { defaultDatasetsDir, jsonlFiles, readJsonlFile, type DatasetRow } from '../src/eval/dataset-files.ts';

export type { DatasetRow };

export const datasetsDir = defaultDatasetsDir;

/** Every row of `<datasets>/<split>/*.jsonl`, files in name order. */
export function readSplit(split: 'train' | 'eval', dir = datasetsDir()): DatasetRow[] {
  return jsonlFiles(join(dir, split)).flatMap(readJsonlFile);
}
