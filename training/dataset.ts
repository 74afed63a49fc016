import { join } from 'node:path';
import { loadAppConfig } from '../src/config/app-config.ts';
import { jsonlFiles, readJsonlFile, type DatasetRow } from '../src/eval/dataset-files.ts';

export type { DatasetRow };

/** The datasets folder (setting RAMPART_DATASETS_DIR). */
export const datasetsDir = (): string => loadAppConfig().datasetsDir;

/** Every row of `<datasets>/<split>/*.jsonl`, files in name order. */
export function readSplit(split: 'train' | 'eval', dir = datasetsDir()): DatasetRow[] {
  return jsonlFiles(join(dir, split)).flatMap(readJsonlFile);
}
