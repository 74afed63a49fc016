import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readModelFile, type ModelFileReader } from '../../../models/model-files.ts';
import { float32At } from '../../../models/tensor-file.ts';
import { personVocabulary, type PersonVocabulary } from './features.ts';
import { NAMENESS_BITS, namenessLogit, type NamenessModel } from './nameness.ts';
import type { PersonNetwork, TrainedNetwork } from './network.ts';
import type { SpanTrait } from './span-traits.ts';

/** Where the committed PERSON model lives. */
export const PERSON_MODEL_DIR = new URL('../../../../models/pii-person/', import.meta.url).pathname;

const WEIGHTS = 'weights.bin';
const VOCAB = 'vocab.txt';
const LEXICON = 'lexicon.txt';
const PLACES = 'places.txt';

/**
 * The PERSON score of a span: sigmoid(a · logit(p) + b + evidence[level] (+ romanised)), with p its mean token
 * probability and level the evidence that it is personal data (evidence.ts). Fitted on spans of
 * held-out sources, with b shifted so that the F1-best threshold there falls on 0.5.
 */
export interface PersonCalibration {
  a: number;
  b: number;
  /** Logit offset per evidence level (EVIDENCE_NONE … EVIDENCE_PERSONAL). */
  evidence: number[];
  /** Logit offset of a name in Cyrillic or Greek letters (read in Latin spelling, where the model knows no everyday words). */
  romanised: number;
  /** Logit offsets of span traits (span-traits.ts); a trait without a weight adds nothing. */
  traits?: Partial<Record<SpanTrait, number>>;
}

const FORMAT = 4;

export interface PersonManifest {
  format: typeof FORMAT;
  hashBits: number;
  hidden: number;
  dim: number;
  vocabSize: number;
  /** int8 quantisation steps of the large tables. */
  sparseScale: number;
  embeddingScale: number;
  namenessScale: number;
  calibration: PersonCalibration;
  sha256: Record<string, string>;
  training: Record<string, unknown>;
}

export interface PersonModel {
  net: PersonNetwork;
  vocabulary: PersonVocabulary;
  manifest: PersonManifest;
}

/** What training produces and `writePersonModel` stores. */
export interface PersonModelParts {
  net: TrainedNetwork;
  /** Vocabulary words by frequency rank (rows of the embedding table). */
  vocabWords: readonly string[];
  lexicon: ReadonlyMap<string, number>;
  nameness: NamenessModel;
  calibration: PersonCalibration;
  training: Record<string, unknown>;
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

/** Layout of weights.bin: the small float tables first (4-byte aligned), then the int8 tables. */
function layout(m: Pick<PersonManifest, 'hashBits' | 'hidden' | 'dim' | 'vocabSize'>) {
  const dense = m.hidden * 5 * m.dim;
  // dense, hidden bias, output weights, output bias, nameness bias
  const floats = dense + m.hidden + m.hidden + 2;
  return {
    dense,
    floats,
    sparse: (1 << m.hashBits) * m.hidden,
    embeddings: (m.vocabSize + 3) * m.dim,
    nameness: 1 << NAMENESS_BITS,
  };
}

export async function writePersonModel(dir: string, parts: PersonModelParts): Promise<PersonManifest> {
  const { net, vocabWords, lexicon, nameness, calibration, training } = parts;
  const sparse = quantise(net.sparse);
  const embeddings = quantise(net.embeddings);
  const namenessWeights = quantise(Float32Array.from(nameness.weights, (w) => w * nameness.scale));
  const floats = new Float32Array([...net.dense, ...net.hiddenBias, ...net.output, net.outputBias, nameness.bias]);
  const weights = Buffer.concat([floats, sparse.data, embeddings.data, namenessWeights.data].map((a) => Buffer.from(a.buffer)));
  const vocab = `${vocabWords.join('\n')}\n`;
  const lexiconText = `${[...lexicon]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, code]) => `${name}\t${code}`)
    .join('\n')}\n`;
  const manifest: PersonManifest = {
    format: FORMAT,
    hashBits: net.hashBits,
    hidden: net.hidden,
    dim: net.dim,
    vocabSize: vocabWords.length,
    sparseScale: sparse.scale,
    embeddingScale: embeddings.scale,
    namenessScale: namenessWeights.scale,
    calibration,
    sha256: { [WEIGHTS]: sha256(weights), [VOCAB]: sha256(vocab), [LEXICON]: sha256(lexiconText) },
    training,
  };
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, WEIGHTS), weights);
  await writeFile(join(dir, VOCAB), vocab);
  await writeFile(join(dir, LEXICON), lexiconText);
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Loads and checks (sha256) the committed model, its files read with `read` (its tables are views of the weights read). */
export async function readPersonModel(dir: string = PERSON_MODEL_DIR, read: ModelFileReader = readModelFile): Promise<PersonModel> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as PersonManifest;
  if (manifest.format !== FORMAT) throw new Error(`PII person model: unsupported manifest format ${String(manifest.format)}`);
  const weights = read(join(dir, WEIGHTS));
  const vocabText = read(join(dir, VOCAB)).toString('utf8');
  const lexiconText = read(join(dir, LEXICON)).toString('utf8');
  for (const [file, data] of [
    [WEIGHTS, weights],
    [VOCAB, vocabText],
    [LEXICON, lexiconText],
  ] as const) {
    if (sha256(data) !== manifest.sha256[file]) throw new Error(`PII person model: ${file} does not match its manifest checksum`);
  }
  const sizes = layout(manifest);
  const bytes = new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength);
  const floats = float32At(bytes, 0, sizes.floats);
  let offset = sizes.floats * 4;
  const int8 = (length: number): Int8Array => {
    const table = new Int8Array(bytes.buffer, bytes.byteOffset + offset, length);
    offset += length;
    return table;
  };
  const sparse = int8(sizes.sparse);
  const embeddings = int8(sizes.embeddings);
  const nameness: NamenessModel = { weights: int8(sizes.nameness), scale: manifest.namenessScale, bias: floats[sizes.floats - 1]! };
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
    sparseScale: manifest.sparseScale,
    embeddings,
    embeddingScale: manifest.embeddingScale,
  };
  const words = vocabText.split('\n');
  words.pop();
  const lexicon = lexiconText.split('\n').flatMap((line): [string, number][] => {
    const tab = line.indexOf('\t');
    return tab > 0 ? [[line.slice(0, tab), Number(line.slice(tab + 1))]] : [];
  });
  return { net, vocabulary: personVocabulary(words, lexicon, (word) => namenessLogit(nameness, word), readPlaces(dir, manifest, read)), manifest };
}

/** The place gazetteer of a model (one lower-case word a line), checked against its manifest; empty for a model without one. */
function readPlaces(dir: string, manifest: PersonManifest, read: ModelFileReader): Set<string> {
  if (manifest.sha256[PLACES] === undefined) return new Set();
  const text = read(join(dir, PLACES)).toString('utf8');
  if (sha256(text) !== manifest.sha256[PLACES]) throw new Error(`PII person model: ${PLACES} does not match its manifest checksum`);
  return new Set(text.split('\n').filter(Boolean));
}

/** Writes the place gazetteer into a model's folder and its checksum into the manifest. */
export async function writePlaces(dir: string, places: Iterable<string>): Promise<void> {
  const text = `${[...new Set(places)].sort().join('\n')}\n`;
  const path = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(path, 'utf8')) as PersonManifest;
  manifest.sha256[PLACES] = sha256(text);
  await writeFile(join(dir, PLACES), text);
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
}
