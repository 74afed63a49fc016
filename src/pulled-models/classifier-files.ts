import { basename, dirname, posix } from 'node:path';
import { AppError } from '../errors.ts';

/**
 * Which files of a text-classification repository (or a folder laid out like one) make a classifier
 * backend: the ONNX file, its external weights if any, `tokenizer.json` and `config.json`.
 */
export interface ClassifierFiles {
  /** The ONNX file chosen, as a path in the repository. */
  onnx: string;
  /** External weights the ONNX file refers to (`model.onnx_data`), kept under their own names. */
  onnxData: string[];
  tokenizer: string;
  /** tokenizer_config.json, when there is one: it may state the longest input. */
  tokenizerConfig: string | undefined;
  config: string;
  /** README.md (the model card), where the licence is read when the metadata carries no card. */
  readme: string | undefined;
}

/** In order of preference: a CPU-quantized export (the layout transformers.js and Optimum use), then full precision. */
const DEFAULT_ONNX_FILES = [
  'onnx/model_quantized.onnx',
  'model_quantized.onnx',
  'onnx/model_int8.onnx',
  'onnx/model_uint8.onnx',
  'onnx/model.onnx',
  'model.onnx',
] as const;

/** How to make an ONNX export of a model, for the message of a repository without one. */
export function exportAdvice(repo: string): string {
  return `export one with Optimum (pip install "optimum[onnxruntime]", then optimum-cli export onnx --model ${repo} --task text-classification ./${basename(repo)}-onnx) and import that folder with rampart model import ./${basename(repo)}-onnx --name ${basename(repo).toLowerCase()}`;
}

/** Where a companion file is: at the top of the repository, else next to the ONNX file. */
function companion(files: ReadonlySet<string>, onnx: string, name: string): string | undefined {
  const beside = posix.join(dirname(onnx), name);
  return files.has(name) ? name : files.has(beside) ? beside : undefined;
}

/**
 * Picks the files of a classifier among `paths` (the repository's files); `requested` is --file.
 * Throws `model_unsupported` naming what is missing and how to get it.
 */
export function classifierFiles(source: string, listed: readonly string[], requested: string | undefined): ClassifierFiles {
  // A path that could leave the folder it is written to (absolute, `..`, backslashes) is never used.
  const paths = listed.filter(
    (p) => p.length > 0 && !p.startsWith('/') && !p.includes('\\') && !p.split('/').some((part) => part === '' || part === '.' || part === '..'),
  );
  const files = new Set(paths);
  const onnxFiles = paths.filter((p) => p.endsWith('.onnx')).sort();
  let onnx: string | undefined;
  if (requested !== undefined) {
    if (!requested.endsWith('.onnx') || !files.has(requested)) {
      throw new AppError(
        'invalid_field',
        `${source} has no ONNX file ${requested}; its ONNX files are: ${onnxFiles.length > 0 ? onnxFiles.join(', ') : 'none'}.`,
        { details: { field: 'file' } },
      );
    }
    onnx = requested;
  } else {
    onnx = DEFAULT_ONNX_FILES.find((f) => files.has(f)) ?? (onnxFiles.length === 1 ? onnxFiles[0] : undefined);
    if (onnx === undefined && onnxFiles.length > 1) {
      throw new AppError('invalid_field', `${source} has several ONNX files and none of the usual names; choose one with --file: ${onnxFiles.join(', ')}.`, {
        details: { field: 'file' },
      });
    }
  }
  if (onnx === undefined) throw new AppError('model_unsupported', `${source} has no ONNX file: ${exportAdvice(source)}.`);
  const tokenizer = companion(files, onnx, 'tokenizer.json');
  if (tokenizer === undefined) {
    throw new AppError(
      'model_unsupported',
      `${source} has no tokenizer.json (a fast tokenizer), which the classifier needs: an export with Optimum writes one; ${exportAdvice(source)}.`,
    );
  }
  const config = companion(files, onnx, 'config.json');
  if (config === undefined) throw new AppError('model_unsupported', `${source} has no config.json, which names the classifier's labels (id2label).`);
  const onnxData = paths.filter((p) => p !== onnx && (p === `${onnx}_data` || p === `${onnx}.data` || p.startsWith(`${onnx}_data_`)));
  return {
    onnx,
    onnxData,
    tokenizer,
    tokenizerConfig: companion(files, onnx, 'tokenizer_config.json'),
    config,
    readme: files.has('README.md') ? 'README.md' : undefined,
  };
}

/** The name a file of the repository gets in the model folder (where the backend loader looks for it). */
export function localName(files: ClassifierFiles, path: string): string {
  if (path === files.onnx) return 'model.onnx';
  if (path === files.tokenizer) return 'tokenizer.json';
  if (path === files.config) return 'config.json';
  if (path === files.tokenizerConfig) return 'tokenizer_config.json';
  return basename(path);
}
