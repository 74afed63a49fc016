import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import ort from 'onnxruntime-node';
import { BackendFailure, type BackendAnswer, type BackendTask } from '../domain/backend.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../domain/moderation.ts';
import { splitWindows } from '../models/windows.ts';
import { onnxDevice } from './onnx-device.ts';
import { ONNX_FILES, positiveLabels, readOnnxManifest, type OnnxManifest } from './onnx-manifest.ts';
import type { ModelBackend } from './model-backend.ts';

const MODEL_INPUTS = ['input_ids', 'attention_mask', 'token_type_ids'] as const;
/** Windows scored in one model run. */
const BATCH = 16;

function softmax(values: readonly number[]): number[] {
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/**
 * A local transformer classifier (e.g. a DeBERTa prompt-injection model exported to ONNX) run by
 * onnxruntime: the text is cut into character windows like the built-in models, each window
 * tokenised (and halved again while it has more tokens than the model takes), and the highest
 * probability of a positive label over all windows is the score.
 */
export class OnnxClassifier implements ModelBackend {
  readonly device: 'cuda' | 'cpu';
  readonly #session: ort.InferenceSession;
  readonly #tokenizer: Tokenizer;
  readonly #manifest: OnnxManifest;
  readonly #positive: number[];
  readonly #outputName: string;
  readonly #padId: number;

  private constructor(session: ort.InferenceSession, device: 'cuda' | 'cpu', tokenizer: Tokenizer, manifest: OnnxManifest) {
    this.#session = session;
    this.device = device;
    this.#tokenizer = tokenizer;
    this.#manifest = manifest;
    this.#positive = positiveLabels(manifest).map((l) => manifest.labels.indexOf(l));
    this.#outputName = manifest.output_name ?? session.outputNames[0]!;
    this.#padId = tokenizer.token_to_id('[PAD]') ?? tokenizer.token_to_id('<pad>') ?? 0;
  }

  /** `intraOpThreads`: onnxruntime's threads for one model run (null: its default, one per physical core). */
  static async load(folder: string, options: { intraOpThreads: number | null }): Promise<OnnxClassifier> {
    const manifest = readOnnxManifest(folder);
    const tokenizer = new Tokenizer(JSON.parse(readFileSync(join(folder, ONNX_FILES.tokenizer), 'utf8')) as object, {});
    const device = onnxDevice();
    const session = await ort.InferenceSession.create(join(folder, ONNX_FILES.model), {
      executionProviders: device === 'cuda' ? ['cuda', 'cpu'] : ['cpu'],
      ...(options.intraOpThreads === null ? {} : { intraOpNumThreads: options.intraOpThreads }),
    });
    const classifier = new OnnxClassifier(session, device, tokenizer, manifest);
    try {
      const unsupported = session.inputNames.find((n) => !(MODEL_INPUTS as readonly string[]).includes(n));
      if (unsupported) throw new Error(`the model takes an input ${JSON.stringify(unsupported)}; supported inputs are ${MODEL_INPUTS.join(', ')}`);
      if (!session.inputNames.includes('input_ids')) throw new Error('the model has no input_ids input');
      if (!session.outputNames.includes(classifier.#outputName)) throw new Error(`the model has no output ${JSON.stringify(classifier.#outputName)}`);
    } catch (error) {
      await session.release();
      throw error;
    }
    return classifier;
  }

  async assess(task: BackendTask, signal: AbortSignal): Promise<BackendAnswer> {
    const sequences = splitWindows(task.message, this.#manifest.window_chars, this.#manifest.window_stride_chars).flatMap((w) => this.#encode(w));
    let best = { score: 0, label: -1 };
    for (let i = 0; i < sequences.length; i += BATCH) {
      if (signal.aborted) throw new BackendFailure('timeout', 'the classifier did not finish in time');
      const probabilities = await this.#run(sequences.slice(i, i + BATCH));
      for (const row of probabilities) {
        for (const index of this.#positive) if (row[index]! > best.score) best = { score: row[index]!, label: index };
      }
    }
    const label = this.#manifest.labels[best.label];
    const category = MODERATION_CATEGORIES.find((c) => c === label?.toUpperCase());
    return { score: best.score, ...(category ? { categories: [category as ModerationCategory] } : {}) };
  }

  /** Token ids of a window, split in halves until each part fits the model (truncated only as a last resort). */
  #encode(text: string): number[][] {
    const ids = this.#tokenizer.encode(text).ids;
    const max = this.#manifest.max_tokens;
    if (ids.length <= max) return [ids];
    if (text.length < 2) return [[...ids.slice(0, max - 1), ids.at(-1)!]];
    const middle = text.lastIndexOf(' ', text.length / 2);
    const cut = middle > 0 ? middle : Math.floor(text.length / 2);
    return [...this.#encode(text.slice(0, cut)), ...this.#encode(text.slice(cut))];
  }

  async #run(batch: readonly number[][]): Promise<number[][]> {
    const length = Math.max(...batch.map((s) => s.length));
    const ids = new BigInt64Array(batch.length * length).fill(BigInt(this.#padId));
    const mask = new BigInt64Array(batch.length * length);
    batch.forEach((sequence, row) => {
      sequence.forEach((id, col) => {
        ids[row * length + col] = BigInt(id);
        mask[row * length + col] = 1n;
      });
    });
    const dims = [batch.length, length];
    const available: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
      token_type_ids: new ort.Tensor('int64', new BigInt64Array(batch.length * length), dims),
    };
    const feeds = Object.fromEntries(this.#session.inputNames.map((name) => [name, available[name]!]));
    const output = (await this.#session.run(feeds))[this.#outputName]!;
    const classes = this.#manifest.labels.length;
    if (output.dims.length !== 2 || output.dims[1] !== classes) {
      throw new BackendFailure('failed', `the model output has shape [${output.dims.join(', ')}], expected [batch, ${classes}] for the manifest's labels`);
    }
    const data = output.data as Float32Array;
    return batch.map((_, row) => {
      const values = Array.from(data.subarray(row * classes, (row + 1) * classes));
      if (this.#manifest.output === 'logits') return softmax(values);
      return this.#manifest.output === 'multi_label_logits' ? values.map((v) => 1 / (1 + Math.exp(-v))) : values;
    });
  }

  async close(): Promise<void> {
    await this.#session.release();
  }
}
