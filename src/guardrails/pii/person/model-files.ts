import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PersonVocabulary } from './features.ts';
import type { PersonNetwork } from './network.ts';

/** Where the committed PERSON model lives. */
export const PERSON_MODEL_DIR = new URL('../../../../models/pii-person/', import.meta.url).pathname;

const WEIGHTS = 'weights.bin';
const VOCAB = 'vocab.txt';
const LEXICON = 'lexicon.txt';

/** Platt scaling of a span's mean token probability: sigmoid(a · logit(p) + b). */
export interface PersonCalibration {
  a: number;
  b: number;
}

export interface PersonManifest {
  format: 2;
  hashBits: number;
  hidden: number;
  dim: number;
  vocabSize: number;
  /** int8 quantisation steps of the two large tables. */
  sparseScale: number;
  embeddingScale: number;
  calibration: PersonCalibration;
  sha256: Record<string, string>;
  training: Record<string, unknown>;
}

export interface PersonModel {
  net: PersonNetwork;
  vocabulary: PersonVocabulary;
  manifest: PersonManifest;
}

function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function quantise(values: Float32Array): { data: Int8Array; scale: number } {
  let max = 0;
  for (const v of values) max = Math.max(max, Math.abs(v));
  const scale = max / 127 || 1;
  const data = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++) data[i] = Math.round(values[i]! / scale);
  return { data, scale };
}

function dequantise(data: Int8Array, scale: number): Float32Array {
  const out = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]! * scale;
  return out;
}

/** Layout of weights.bin: the small float tables first (4-byte aligned), then the int8 tables. */
function layout(m: Pick<PersonManifest, 'hashBits' | 'hidden' | 'dim' | 'vocabSize'>) {
  const dense = m.hidden * 5 * m.dim;
  const floats = dense + m.hidden + m.hidden + 1;
  return {
    dense,
    floats,
    sparse: (1 << m.hashBits) * m.hidden,
    embeddings: (m.vocabSize + 3) * m.dim,
  };
}

export async function writePersonModel(
  dir: string,
  net: PersonNetwork,
  vocabWords: readonly string[],
  lexicon: ReadonlyMap<string, number>,
  calibration: PersonCalibration,
  training: Record<string, unknown>,
): Promise<PersonManifest> {
  const sparse = quantise(net.sparse);
  const embeddings = quantise(net.embeddings);
  const floats = new Float32Array([...net.dense, ...net.hiddenBias, ...net.output, net.outputBias]);
  const weights = Buffer.concat([Buffer.from(floats.buffer), Buffer.from(sparse.data.buffer), Buffer.from(embeddings.data.buffer)]);
  const vocab = vocabWords.join('\n') + '\n';
  const lexiconText = [...lexicon].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, code]) => `${name}\t${code}`).join('\n') + '\n';
  const manifest: PersonManifest = {
    format: 2,
    hashBits: net.hashBits,
    hidden: net.hidden,
    dim: net.dim,
    vocabSize: vocabWords.length,
    sparseScale: sparse.scale,
    embeddingScale: embeddings.scale,
    calibration,
    sha256: { [WEIGHTS]: sha256(weights), [VOCAB]: sha256(vocab), [LEXICON]: sha256(lexiconText) },
    training,
  };
  await writeFile(join(dir, WEIGHTS), weights);
  await writeFile(join(dir, VOCAB), vocab);
  await writeFile(join(dir, LEXICON), lexiconText);
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** Loads and checks (sha256) the committed model; the int8 tables are expanded to float32 once. */
export async function readPersonModel(dir: string = PERSON_MODEL_DIR): Promise<PersonModel> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as PersonManifest;
  if (manifest.format !== 2) throw new Error(`PII person model: unsupported manifest format ${String(manifest.format)}`);
  const [weights, vocabText, lexiconText] = await Promise.all([
    readFile(join(dir, WEIGHTS)),
    readFile(join(dir, VOCAB), 'utf8'),
    readFile(join(dir, LEXICON), 'utf8'),
  ]);
  for (const [file, data] of [[WEIGHTS, weights], [VOCAB, vocabText], [LEXICON, lexiconText]] as const) {
    if (sha256(data) !== manifest.sha256[file]) throw new Error(`PII person model: ${file} does not match its manifest checksum`);
  }
  const sizes = layout(manifest);
  const bytes = new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength);
  const floats = new Float32Array(bytes.slice(0, sizes.floats * 4).buffer);
  let offset = sizes.floats * 4;
  const sparse = dequantise(new Int8Array(bytes.buffer, bytes.byteOffset + offset, sizes.sparse), manifest.sparseScale);
  offset += sizes.sparse;
  const embeddings = dequantise(new Int8Array(bytes.buffer, bytes.byteOffset + offset, sizes.embeddings), manifest.embeddingScale);
  const H = manifest.hidden;
  const net: PersonNetwork = {
    hashBits: manifest.hashBits,
    hidden: H,
    dim: manifest.dim,
    dense: floats.slice(0, sizes.dense),
    hiddenBias: floats.slice(sizes.dense, sizes.dense + H),
    output: floats.slice(sizes.dense + H, sizes.dense + 2 * H),
    outputBias: floats[sizes.dense + 2 * H]!,
    sparse,
    embeddings,
  };
  const words = vocabText.split('\n');
  words.pop();
  const vocab = new Map<string, number>();
  words.forEach((word, rank) => vocab.set(word, rank));
  const lexicon = new Map<string, number>();
  for (const line of lexiconText.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) lexicon.set(line.slice(0, tab), Number(line.slice(tab + 1)));
  }
  return { net, vocabulary: { vocab, lexicon }, manifest };
}
