import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { WINDOW_CHARS, WINDOW_STRIDE } from '../models/windows.ts';

/** The files of a classifier folder. */
export const ONNX_FILES = { model: 'model.onnx', tokenizer: 'tokenizer.json', manifest: 'manifest.json' } as const;

/** manifest.json of a classifier folder. */
export const ONNX_MANIFEST_SCHEMA = Type.Object(
  {
    labels: Type.Array(Type.String({ minLength: 1 }), { minItems: 2, uniqueItems: true, description: 'Output classes, in the order of the model output' }),
    positive_label: Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })], {
      description: 'The label (or labels) meaning attack / unsafe; the score is the highest probability among them',
    }),
    max_tokens: Type.Integer({ minimum: 8, maximum: 8192, default: 512, description: 'Longest token sequence the model takes, special tokens included' }),
    output: Type.Union([Type.Literal('logits'), Type.Literal('multi_label_logits'), Type.Literal('probabilities')], {
      default: 'logits',
      description: 'logits: a softmax turns them into probabilities; multi_label_logits: a sigmoid per label (multi-label classifiers)',
    }),
    output_name: Type.Optional(Type.String({ description: 'Model output holding the class scores (default: the first output)' })),
    window_chars: Type.Integer({
      minimum: 50,
      maximum: 100_000,
      default: WINDOW_CHARS,
      description: 'Long texts are scored window by window; the highest score counts',
    }),
    window_stride_chars: Type.Integer({ minimum: 10, maximum: 100_000, default: WINDOW_STRIDE }),
  },
  { additionalProperties: false },
);
export type OnnxManifest = Static<typeof ONNX_MANIFEST_SCHEMA>;

/** Reads and checks a classifier folder's manifest; throws a message naming what is wrong. */
export function readOnnxManifest(folder: string): OnnxManifest {
  for (const file of Object.values(ONNX_FILES)) {
    if (!existsSync(join(folder, file))) throw new Error(`the folder ${folder} has no ${file}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(folder, ONNX_FILES.manifest), 'utf8'));
  } catch (error) {
    throw new Error(`${ONNX_FILES.manifest} is not valid JSON: ${(error as Error).message}`);
  }
  const manifest = Value.Default(ONNX_MANIFEST_SCHEMA, raw);
  const problem = Value.Errors(ONNX_MANIFEST_SCHEMA, manifest).First();
  if (problem) throw new Error(`${ONNX_FILES.manifest}: ${problem.path || '(root)'} ${problem.message}`);
  const checked = manifest as OnnxManifest;
  const unknown = positiveLabels(checked).filter((l) => !checked.labels.includes(l));
  if (unknown.length > 0) throw new Error(`${ONNX_FILES.manifest}: positive_label ${JSON.stringify(unknown[0])} is not one of labels`);
  if (checked.window_stride_chars > checked.window_chars) throw new Error(`${ONNX_FILES.manifest}: window_stride_chars must not exceed window_chars`);
  return checked;
}

export function positiveLabels(manifest: OnnxManifest): string[] {
  return typeof manifest.positive_label === 'string' ? [manifest.positive_label] : manifest.positive_label;
}
