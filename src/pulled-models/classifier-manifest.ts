import { Value } from '@sinclair/typebox/value';
import { ONNX_MANIFEST_SCHEMA, type OnnxManifest } from '../backends/onnx-manifest.ts';
import { AppError } from '../errors.ts';

/**
 * The backend manifest of a Hugging Face text classifier, made from its `config.json` (labels,
 * positions, single- or multi-label) and `tokenizer.json` / `tokenizer_config.json` (longest input).
 */

/**
 * Label names that mean "attack" or "unsafe" in public classifiers, compared whole and
 * case-insensitively after spaces and dashes become underscores. Generic names (LABEL_1, POSITIVE,
 * 1) say nothing and are never inferred.
 */
const POSITIVE_NAMES: ReadonlySet<string> = new Set([
  'INJECTION',
  'PROMPT_INJECTION',
  'JAILBREAK',
  'MALICIOUS',
  'ATTACK',
  'UNSAFE',
  'HARMFUL',
  'TOXIC',
  'TOXICITY',
  'SEVERE_TOXIC',
  'SEVERE_TOXICITY',
  'OBSCENE',
  'THREAT',
  'INSULT',
  'IDENTITY_HATE',
  'IDENTITY_ATTACK',
  'HATE',
  'HATE_SPEECH',
  'HATEFUL',
  'OFFENSIVE',
  'ABUSIVE',
  'NSFW',
]);

/** Models whose position embeddings start after the padding index (two positions fewer to use). */
const OFFSET_POSITION_MODELS: ReadonlySet<string> = new Set([
  'roberta',
  'xlm-roberta',
  'xlm-roberta-xl',
  'camembert',
  'longformer',
  'mpnet',
  'data2vec-text',
  'ibert',
]);
const DEFAULT_MAX_TOKENS = 512;
const MIN_TOKENS = 8;
const MAX_TOKENS = 8192;

function normalised(label: string): string {
  return label
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

/** The labels in the order of the model output, from `id2label` ({"0": "SAFE", "1": "INJECTION"}). */
export function labelsOf(source: string, config: Record<string, unknown>): string[] {
  const id2label = config.id2label;
  if (!id2label || typeof id2label !== 'object' || Array.isArray(id2label)) {
    throw new AppError('model_unsupported', `The config.json of ${source} has no id2label, so the classifier's labels are unknown.`);
  }
  const entries = Object.entries(id2label as Record<string, unknown>);
  const labels = entries.map((_, index) => (id2label as Record<string, unknown>)[String(index)]);
  if (labels.some((l) => typeof l !== 'string' || l.length === 0)) {
    throw new AppError('model_unsupported', `The id2label of ${source} is not a list of names numbered from 0: ${JSON.stringify(id2label)}.`);
  }
  if (labels.length < 2) throw new AppError('model_unsupported', `${source} has a single output label; a classifier backend needs two labels or more.`);
  if (new Set(labels).size !== labels.length) throw new AppError('model_unsupported', `The id2label of ${source} names a label twice: ${labels.join(', ')}.`);
  return labels as string[];
}

/**
 * The labels that mean attack / unsafe: those given (matched case-insensitively to the model's), else
 * the well-known names among the labels. Refused, listing the labels, when none can be told or when
 * every label would count.
 */
export function positiveLabelsOf(source: string, labels: readonly string[], given: readonly string[] | undefined): string[] {
  const listed = labels.join(', ');
  let positive: string[];
  if (given && given.length > 0) {
    positive = given.map((name) => {
      const found = labels.find((l) => l === name) ?? labels.find((l) => l.toLowerCase() === name.toLowerCase());
      if (found === undefined) {
        throw new AppError('invalid_field', `${source} has no label ${JSON.stringify(name)}; its labels are ${listed}.`, {
          details: { field: 'positive_labels' },
        });
      }
      return found;
    });
    positive = [...new Set(positive)];
  } else {
    positive = labels.filter((l) => POSITIVE_NAMES.has(normalised(l)));
    if (positive.length === 0) {
      throw new AppError(
        'model_unsupported',
        `The labels of ${source} (${listed}) do not say which one means an attack or unsafe content: name it with --positive-label (repeat it for several).`,
      );
    }
  }
  if (positive.length === labels.length) {
    throw new AppError(
      'invalid_field',
      `Every label of ${source} (${listed}) would count as an attack, so every text would: leave at least one out of --positive-label.`,
      { details: { field: 'positive_labels' } },
    );
  }
  return positive;
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The longest token sequence the model takes: the smallest of what the tokenizer truncates to, what
 * tokenizer_config.json states (its "no limit" sentinel aside) and the position embeddings.
 */
export function maxTokensOf(config: Record<string, unknown>, tokenizer: Record<string, unknown>, tokenizerConfig: Record<string, unknown> | undefined): number {
  const positions = positiveInteger(config.max_position_embeddings) ?? positiveInteger(config.n_positions);
  const usable = positions === undefined ? undefined : positions - (OFFSET_POSITION_MODELS.has(String(config.model_type)) ? 2 : 0);
  const truncation = positiveInteger((tokenizer.truncation as Record<string, unknown> | null | undefined)?.max_length);
  const stated = positiveInteger(tokenizerConfig?.model_max_length);
  const limits = [usable, truncation, stated !== undefined && stated <= 1_000_000 ? stated : undefined].filter((n) => n !== undefined);
  const max = limits.length > 0 ? Math.min(...limits) : DEFAULT_MAX_TOKENS;
  return Math.min(MAX_TOKENS, Math.max(MIN_TOKENS, max));
}

export interface ManifestInputs {
  /** Repository id or folder, for messages. */
  source: string;
  config: Record<string, unknown>;
  tokenizer: Record<string, unknown>;
  tokenizerConfig?: Record<string, unknown> | undefined;
  positiveLabels?: readonly string[] | undefined;
}

/** The manifest.json of the classifier folder; throws naming what the files lack. */
export function classifierManifest(inputs: ManifestInputs): OnnxManifest {
  const labels = labelsOf(inputs.source, inputs.config);
  const positive = positiveLabelsOf(inputs.source, labels, inputs.positiveLabels);
  const manifest = Value.Default(ONNX_MANIFEST_SCHEMA, {
    labels,
    positive_label: positive.length === 1 ? positive[0] : positive,
    max_tokens: maxTokensOf(inputs.config, inputs.tokenizer, inputs.tokenizerConfig),
    output: inputs.config.problem_type === 'multi_label_classification' ? 'multi_label_logits' : 'logits',
  }) as OnnxManifest;
  const problem = Value.Errors(ONNX_MANIFEST_SCHEMA, manifest).First();
  if (problem) throw new AppError('model_unsupported', `The manifest made for ${inputs.source} is not valid: ${problem.path} ${problem.message}.`);
  return manifest;
}

/** A JSON file's object, or a `model_unsupported` failure naming the file. */
export function jsonObject(source: string, name: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('model_unsupported', `The ${name} of ${source} is not valid JSON.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('model_unsupported', `The ${name} of ${source} is not a JSON object.`);
  return value as Record<string, unknown>;
}
