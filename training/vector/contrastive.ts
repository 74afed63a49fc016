import { Random } from '../random.ts';
import type { CorpusText } from './corpus.ts';
import { EncoderGradients, EncoderModel, EncoderOptimizer, type EncoderShape } from './encoder-model.ts';
import type { FeaturisedTexts } from './featurise.ts';
import { nearest } from './nearest.ts';

/**
 * Contrastive training (InfoNCE) on attack families. Each step draws attack anchors, one positive per
 * anchor and a set of benign texts. The positive is another text of the same cluster (template or
 * source sub-label), or — with probability `crossSource` — any attack of the same kind (injection,
 * jailbreak, extraction) from any source, which teaches the encoder what an attack type has in
 * common across sources rather than one source's style. Negatives are the benign texts and the other
 * anchors' positives from other clusters: attacks move away from benign text and families stay apart.
 * Sources are sampled uniformly, so huge sources do not drown small ones. Once the encoder has
 * taken shape, a share of the benign texts comes from the hardest ones — those closest to any attack
 * (persona prompts, instructions that read like rules), re-mined every `mineEvery` steps.
 */
export interface TrainConfig {
  steps: number;
  anchors: number;
  negatives: number;
  temperature: number;
  learningRate: number;
  crossSource: number;
  /** Share of benign texts drawn from the mined hard ones. */
  hardShare: number;
  /** Steps between two minings (the first after this many steps); the hard pool is the closest 2 % of benign texts. */
  mineEvery: number;
  seed: number;
}

export const DEFAULT_TRAIN_CONFIG: TrainConfig = {
  steps: 1600,
  anchors: 96,
  negatives: 192,
  temperature: 0.05,
  learningRate: 3e-3,
  crossSource: 0.8,
  hardShare: 0.3,
  mineEvery: 200,
  seed: 7,
};

class Pools {
  readonly #groups: number[][];
  constructor(keys: readonly string[], rows: readonly number[]) {
    const map = new Map<string, number[]>();
    rows.forEach((r, i) => {
      const k = keys[i]!;
      let list = map.get(k);
      if (!list) map.set(k, (list = []));
      list.push(r);
    });
    this.#groups = [...map.values()];
  }
  /** A row from a uniformly drawn group. */
  draw(rng: Random): number {
    const g = this.#groups[rng.int(this.#groups.length)]!;
    return rng.pick(g);
  }
}

function byKey(rows: readonly number[], key: (r: number) => string): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r);
    let list = map.get(k);
    if (!list) map.set(k, (list = []));
    list.push(r);
  }
  return map;
}

const kindOf = (t: CorpusText) => t.family.split('/')[0]!;

const HARD_SHARE_OF_BENIGN = 0.02;

/** The benign texts most similar to any attack under the current encoder. */
function hardestBenign(model: EncoderModel, data: FeaturisedTexts, attacks: readonly number[], benign: readonly number[]): number[] {
  const D = model.shape.dims;
  const { similarity } = nearest(model.encode(data, attacks), model.encode(data, benign), D);
  const order = benign.map((_, i) => i).sort((a, b) => similarity[b]! - similarity[a]!);
  return order.slice(0, Math.max(1, Math.round(benign.length * HARD_SHARE_OF_BENIGN))).map((i) => benign[i]!);
}

export interface TrainInput {
  corpus: readonly CorpusText[];
  /** Features for training steps (TRAIN_MAX_TOKENS). */
  data: FeaturisedTexts;
  /** Features as inference sees them, for validation scores: the corpus rows, then their parts. */
  scoring: FeaturisedTexts;
  /** Per corpus row, the rows of `scoring` that hold its parts (message-parts.ts). */
  partRows: readonly (readonly number[])[];
  /** Rows of `corpus` the model may learn from. */
  rows: readonly number[];
  glove: Float32Array;
  logSif: Float32Array;
  shape: EncoderShape;
}

export function trainEncoder(input: TrainInput, config: TrainConfig = DEFAULT_TRAIN_CONFIG, log?: (line: string) => void): EncoderModel {
  const { corpus, data } = input;
  const rng = new Random(config.seed);
  const model = new EncoderModel(input.glove, input.logSif, input.shape, rng);
  const attacks = input.rows.filter((r) => corpus[r]!.attack);
  const benign = input.rows.filter((r) => !corpus[r]!.attack);
  const anchorPool = new Pools(
    attacks.map((r) => corpus[r]!.source),
    attacks,
  );
  const benignPool = new Pools(
    benign.map((r) => corpus[r]!.source),
    benign,
  );
  const clusters = byKey(attacks, (r) => corpus[r]!.cluster);
  const kinds = byKey(attacks, (r) => kindOf(corpus[r]!));
  const grads = new EncoderGradients(input.shape);
  const optimizer = new EncoderOptimizer(model, config.learningRate);
  const { anchors: m, negatives: nb, temperature: tau } = config;
  const D = input.shape.dims;

  let hard: number[] = [];
  for (let step = 0; step < config.steps; step++) {
    if (config.hardShare > 0 && step > 0 && step % config.mineEvery === 0) hard = hardestBenign(model, data, attacks, benign);
    const batch = new Int32Array(2 * m + nb);
    for (let i = 0; i < m; i++) {
      const a = anchorPool.draw(rng);
      batch[i] = a;
      const t = corpus[a]!;
      batch[m + i] = rng.next() < config.crossSource ? rng.pick(kinds.get(kindOf(t))!) : rng.pick(clusters.get(t.cluster)!);
    }
    for (let j = 0; j < nb; j++) batch[2 * m + j] = hard.length > 0 && rng.next() < config.hardShare ? rng.pick(hard) : benignPool.draw(rng);
    const pass = model.forward(data, batch);
    const e = pass.e;
    // Logits of anchor i against candidates c = positives (m) then benign texts (nb).
    const candidates = m + nb;
    const de = new Float32Array(batch.length * D);
    let loss = 0;
    const logits = new Float64Array(candidates);
    const weights = new Float64Array(candidates);
    for (let i = 0; i < m; i++) {
      let max = -Infinity;
      for (let c = 0; c < candidates; c++) {
        const row = m + c;
        let dot = 0;
        for (let d = 0; d < D; d++) dot += e[i * D + d]! * e[row * D + d]!;
        logits[c] = dot / tau;
        // Other positives of the anchor's own cluster are not negatives.
        weights[c] = c === i || c >= m || corpus[batch[m + c]!]!.cluster !== corpus[batch[i]!]!.cluster ? 1 : 0;
        if (weights[c]! > 0) max = Math.max(max, logits[c]!);
      }
      let z = 0;
      for (let c = 0; c < candidates; c++) z += weights[c]! * Math.exp(logits[c]! - max);
      loss += -(logits[i]! - max - Math.log(z));
      for (let c = 0; c < candidates; c++) {
        const p = (weights[c]! * Math.exp(logits[c]! - max)) / z;
        const g = (p - (c === i ? 1 : 0)) / (m * tau);
        if (g === 0) continue;
        const row = m + c;
        for (let d = 0; d < D; d++) {
          de[i * D + d]! += g * e[row * D + d]!;
          de[row * D + d]! += g * e[i * D + d]!;
        }
      }
    }
    grads.reset();
    pass.backward(de, grads);
    optimizer.step(model, grads);
    if (log && (step % 100 === 0 || step === config.steps - 1)) log(`step ${step} loss ${(loss / m).toFixed(4)}`);
  }
  return model;
}
