import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes a tiny ONNX text classifier folder (model.onnx, tokenizer.json, manifest.json) of the shape
 * a transformer classifier exported from Hugging Face has: inputs `input_ids` and `attention_mask`
 * (int64, [batch, sequence]), output `logits` ([batch, 2]). The network is hand-made: each token's
 * embedding holds two logits and the sequence takes the maximum over its unmasked tokens, so any word
 * of `ATTACK_WORDS` makes the text an attack with probability ≈ 0.98; other text scores ≈ 0.02.
 * The protobuf is written by hand below, so tests need no Python and no ONNX tooling.
 */
export const ATTACK_WORDS = ['ignore', 'override', 'jailbreak', 'disregard'] as const;
const OTHER_WORDS = ['the', 'a', 'what', 'is', 'capital', 'of', 'france', 'please', 'tell', 'me', 'about', 'weather', 'previous', 'instructions', 'all', 'your', 'rules'];
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
  writeFileSync(join(dir, 'model.onnx'), modelBytes(vocab.length, embedding));
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
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(vocab.map((w, i) => [w, i])) },
  };
}

// --- A minimal protobuf writer: just the wire types ONNX's ModelProto uses. ---

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt(value);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

const intField = (field: number, value: number): Field => Uint8Array.from([...varint((field << 3) | 0), ...varint(value)]);
function bytesField(field: number, payload: Uint8Array | string): Field {
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  return Uint8Array.from([...varint((field << 3) | 2), ...varint(bytes.length), ...bytes]);
}
const message = (...fields: Field[]): Uint8Array => Uint8Array.from(fields.flatMap((f) => [...f]));

const FLOAT = 1;
const INT64 = 7;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

/** TensorProto with raw little-endian data. */
function tensor(name: string, dims: number[], dataType: number, raw: Uint8Array): Uint8Array {
  return message(...dims.map((d) => intField(1, d)), intField(2, dataType), bytesField(8, name), bytesField(9, raw));
}

/** ValueInfoProto of a tensor whose dimensions are symbolic names or sizes. */
function valueInfo(name: string, elemType: number, dims: (string | number)[]): Uint8Array {
  const shape = message(...dims.map((d) => bytesField(1, typeof d === 'string' ? bytesField(2, d) : intField(1, d))));
  const tensorType = message(intField(1, elemType), bytesField(2, shape));
  return message(bytesField(1, name), bytesField(2, message(bytesField(1, tensorType))));
}

function node(opType: string, inputs: string[], outputs: string[], attributes: Uint8Array[] = []): Uint8Array {
  return message(...inputs.map((i) => bytesField(1, i)), ...outputs.map((o) => bytesField(2, o)), bytesField(3, `${opType}_${outputs[0]}`), bytesField(4, opType), ...attributes.map((a) => bytesField(5, a)));
}

const intAttribute = (name: string, value: number) => message(bytesField(1, name), intField(3, value), intField(20, ATTRIBUTE_INT));
const intsAttribute = (name: string, values: number[]) => message(bytesField(1, name), ...values.map((v) => intField(8, v)), intField(20, ATTRIBUTE_INTS));

function modelBytes(vocabSize: number, embedding: Float32Array): Uint8Array {
  const axes = new BigInt64Array([2n]);
  const graph = message(
    // logits_per_token = embedding[input_ids]  → [batch, seq, 2]
    bytesField(1, node('Gather', ['embedding', 'input_ids'], ['token_logits'], [intAttribute('axis', 0)])),
    // Masked tokens contribute -1e4: (mask - 1) * 1e4 added to every logit.
    bytesField(1, node('Cast', ['attention_mask'], ['mask_f'], [intAttribute('to', FLOAT)])),
    bytesField(1, node('Sub', ['mask_f', 'one'], ['mask_off'])),
    bytesField(1, node('Mul', ['mask_off', 'big'], ['penalty'])),
    bytesField(1, node('Unsqueeze', ['penalty', 'axes'], ['penalty_3d'])),
    bytesField(1, node('Add', ['token_logits', 'penalty_3d'], ['masked_logits'])),
    bytesField(1, node('ReduceMax', ['masked_logits'], ['logits'], [intsAttribute('axes', [1]), intAttribute('keepdims', 0)])),
    bytesField(2, 'tiny-injection-classifier'),
    bytesField(5, tensor('embedding', [vocabSize, 2], FLOAT, new Uint8Array(embedding.buffer))),
    bytesField(5, tensor('one', [], FLOAT, new Uint8Array(new Float32Array([1]).buffer))),
    bytesField(5, tensor('big', [], FLOAT, new Uint8Array(new Float32Array([10_000]).buffer))),
    bytesField(5, tensor('axes', [1], INT64, new Uint8Array(axes.buffer))),
    bytesField(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    bytesField(11, valueInfo('attention_mask', INT64, ['batch', 'sequence'])),
    bytesField(12, valueInfo('logits', FLOAT, ['batch', 2])),
  );
  const opset = message(bytesField(1, ''), intField(2, 13));
  return message(intField(1, 8), bytesField(2, 'rampart-tests'), bytesField(7, graph), bytesField(8, opset));
}
