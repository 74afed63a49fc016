import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calibrated } from './calibration.ts';
import { FeatureExtractor, denseSize } from './features.ts';
import { Glossary } from './glossary.ts';
import { HEADS, type HeadName } from './heads.ts';
import type { Calibration, ModelManifest } from './detector-manifest.ts';
import { DetectorNetwork } from './network.ts';
import { readModelFile, type ModelFileReader } from '../models/model-files.ts';
import { readInt8Rows, readTensor, readVerified } from '../models/tensor-file.ts';
import { splitWindows } from '../models/windows.ts';
import { WordVectors } from './word-vectors.ts';

export type HeadScores = Record<HeadName, number>;

export const DETECTOR_MODEL_NAME = 'rampart-detector';

/**
 * The in-process detector: normalised text in, calibrated probability per head out. Every window of
 * every view (the message, its decoded payloads and the message's English gloss when it is written
 * mostly in words the glossary knows) is scored; each head reports its highest score.
 */
export class DetectorModel {
  readonly manifest: ModelManifest;
  readonly #extractor: FeatureExtractor;
  readonly #network: DetectorNetwork;
  readonly #glossary: Glossary;
  readonly #logits: Float32Array;
  readonly #calibration: Calibration[];

  constructor(manifest: ModelManifest, extractor: FeatureExtractor, network: DetectorNetwork, glossary: Glossary) {
    this.manifest = manifest;
    this.#extractor = extractor;
    this.#network = network;
    this.#glossary = glossary;
    this.#logits = new Float32Array(HEADS.length);
    this.#calibration = HEADS.map((head) => manifest.calibration[head] ?? { a: 1, b: 0 });
  }

  /** Loads and verifies `models/<name>/manifest.json` and the files it lists (read with `read`). */
  static load(dir: string, read: ModelFileReader = readModelFile): DetectorModel {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ModelManifest;
    if (manifest.heads.join(',') !== HEADS.join(',')) throw new Error(`Model ${dir} has heads ${manifest.heads.join(',')}.`);
    const data = readVerified(dir, manifest.files.weights, read);
    const words = readVerified(dir, manifest.files.vocabulary, read).toString('utf8').split('\n');
    if (words[words.length - 1] === '') words.pop();
    const entry = (name: string) => {
      const e = manifest.tensors.find((t) => t.name === name);
      if (e === undefined) throw new Error(`Model ${dir} lacks tensor ${name}.`);
      return e;
    };
    const tensor = (name: string): Float32Array => readTensor(data, entry(name));
    const embedding = readInt8Rows(data, entry('embedding'));
    const { buckets, wordDims, hidden, poolPrior } = manifest.features;
    const vectors = new WordVectors(words, readInt8Rows(data, entry('word_vectors')), wordDims);
    const extractor = new FeatureExtractor(vectors, buckets);
    const network = new DetectorNetwork(
      { hidden, dense: denseSize(extractor.shape), heads: HEADS.length, poolPrior },
      {
        embedding: embedding.q,
        embeddingScale: embedding.scales,
        bucketWeights: tensor('bucket_weights'),
        denseWeights: tensor('dense_weights'),
        hiddenBias: tensor('hidden_bias'),
        headWeights: tensor('head_weights'),
        headBias: tensor('head_bias'),
      },
    );
    const glossary = Glossary.parse(readVerified(dir, manifest.files.glossary, read).toString('utf8'));
    return new DetectorModel(manifest, extractor, network, glossary);
  }

  /** Highest raw logit per head over the windows of `views` (already normalised texts). */
  rawLogits(views: readonly string[]): Float64Array {
    const best = new Float64Array(HEADS.length).fill(-Infinity);
    const gloss = views.length > 0 ? this.#glossary.gloss(views[0]!) : undefined;
    for (const view of gloss === undefined ? views : [...views, gloss]) {
      for (const window of splitWindows(view)) {
        this.#network.logits(this.#extractor.extract(window), this.#logits);
        for (let k = 0; k < best.length; k++) if (this.#logits[k]! > best[k]!) best[k] = this.#logits[k]!;
      }
    }
    return best;
  }

  /** Calibrated probability per head for normalised texts (see AnalysedText.detectionViews). */
  score(views: readonly string[]): HeadScores {
    const z = this.rawLogits(views);
    const out = {} as HeadScores;
    HEADS.forEach((head, k) => {
      out[head] = Number.isFinite(z[k]!) ? calibrated(this.#calibration[k]!, z[k]!) : 0;
    });
    return out;
  }
}
