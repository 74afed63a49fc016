import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOAT, INT64, intAttribute, intsAttribute, modelBytes, node, tensor, valueInfo } from '../../src/onnx/model-writer.ts';

/**
 * Writes a tiny ONNX text classifier folder (model.onnx, tokenizer.json, manifest.json) of the shape
 * a transformer classifier exported from Hugging Face has: inputs `input_ids` and `attention_mask`
 * (int64, [batch, sequence]), output `logits` ([batch, 2]). The network is hand-made: each token's
 * embedding holds two logits and the sequence takes the maximum over its unmasked tokens, so any word
 * of `ATTACK_WORDS` makes the text an attack with probability ≈ 0.98; other text scores ≈ 0.02.
 * The model is written with src/onnx/model-writer.ts, so tests need no Python and no ONNX tooling.
 */
export const ATTACK_WORDS = ['ignore', 'override', 'jailbreak', 'disregard'] as const;
const OTHER_WORDS = [
  'the',
  'a',
  'what',
  'is',
  'capital',
  'of',
  'france',
  'please',
  'tell',
  'me',
  'about',
  'weather',
  'previous',
  'instructions',
  'all',
  'your',
  'rules',
];
const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];

export interface OnnxClassifierOptions {
  /** Manifest members to override (e.g. a smaller max_tokens to force windowing). */
  manifest?: Record<string, unknown>;
}

export function writeOnnxClassifier(dir: string, options: OnnxClassifierOptions = {}): string {
  mkdirSync(dir, { recursive: true });
  const vocab = [...SPECIAL, ...ATTACK_WORDS, ...OTHER_WORDS];
  const embedding = new Float32Array(vocab.length * 2);
  vocab.forEach((word, i) => {
    const attack = (ATTACK_WORDS as readonly string[]).includes(word);
    embedding[i * 2] = attack ? 0 : 2; // SAFE logit
    embedding[i * 2 + 1] = attack ? 6 : -2; // INJECTION logit
  });
  writeFileSync(join(dir, 'model.onnx'), classifierBytes(vocab.length, embedding));
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab)));
  const manifest = { labels: ['SAFE', 'INJECTION'], positive_label: 'INJECTION', max_tokens: 64, output: 'logits', ...options.manifest };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

function tokenizerJson(vocab: readonly string[]) {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [{ Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
      special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
    },
    decoder: null,
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((w, i) => [w, i])),
    },
  };
}

function classifierBytes(vocabSize: number, embedding: Float32Array): Uint8Array {
  const axes = new BigInt64Array([2n]);
  return modelBytes(
    {
      name: 'tiny-injection-classifier',
      nodes: [
        // logits_per_token = embedding[input_ids]  → [batch, seq, 2]
        node('Gather', ['embedding', 'input_ids'], ['token_logits'], [intAttribute('axis', 0)]),
        // Masked tokens contribute -1e4: (mask - 1) * 1e4 added to every logit.
        node('Cast', ['attention_mask'], ['mask_f'], [intAttribute('to', FLOAT)]),
        node('Sub', ['mask_f', 'one'], ['mask_off']),
        node('Mul', ['mask_off', 'big'], ['penalty']),
        node('Unsqueeze', ['penalty', 'axes'], ['penalty_3d']),
        node('Add', ['token_logits', 'penalty_3d'], ['masked_logits']),
        node('ReduceMax', ['masked_logits'], ['logits'], [intsAttribute('axes', [1]), intAttribute('keepdims', 0)]),
      ],
      initialisers: [
        tensor('embedding', [vocabSize, 2], FLOAT, new Uint8Array(embedding.buffer)),
        tensor('one', [], FLOAT, new Uint8Array(new Float32Array([1]).buffer)),
        tensor('big', [], FLOAT, new Uint8Array(new Float32Array([10_000]).buffer)),
        tensor('axes', [1], INT64, new Uint8Array(axes.buffer)),
      ],
      inputs: [valueInfo('input_ids', INT64, ['batch', 'sequence']), valueInfo('attention_mask', INT64, ['batch', 'sequence'])],
      outputs: [valueInfo('logits', FLOAT, ['batch', 2])],
    },
    13,
    'rampart-tests',
  );
}
