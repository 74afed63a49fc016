/**
 * `npm run train:vector`: reproduces the vector filter's sentence encoder and threat seed from the
 * training split of the shared datasets. Steps: attack and benign rows (minus excluded licences) →
 * vocabulary from GloVe → features → out-of-source validation (five grouped folds) → thresholds per
 * sensitivity → final encoder on everything → weights, manifest, seed vectors, validation report and
 * model card → the hazardous-request seed for the new encoder (request-seed.ts). The folds train two
 * at a time in worker threads; about an hour on a two-core machine with the training split of
 * November 2026 (17,691 attacks, 58,518 benign texts).
 *
 *   node training/vector/train-vector.ts [--exclude-license CC-BY-NC,GPL] [--steps N] [--models-dir DIR]
 *     [--save-oos FILE] [--load-oos FILE]
 *
 * `--save-oos` keeps the out-of-source scores, `--load-oos` reuses them instead of training the five
 * fold encoders again (same corpus and settings: the scores are deterministic).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { VECTOR_SENSITIVITIES } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import { directionOf } from '../../src/eval/classification.ts';
import { modelGuardrailsCheck } from '../../src/eval/direct-check.ts';
import { vectorEvalReport, type VectorScoredRow } from '../../src/eval/vector-eval.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../../src/models/model-library.ts';
import { AnalysedText } from '../../src/text/analysed-text.ts';
import { loadSentenceEncoder } from '../../src/guardrails/vector/encoder/encoder.ts';
import { loadRequestMatching } from '../../src/guardrails/vector/request-matching.ts';
import { scoreMessage } from '../../src/guardrails/vector/scorer.ts';
import { loadThreatSeed } from '../../src/guardrails/vector/seed.ts';
import { seedOnlyRuntime } from '../../src/guardrails/vector/vector-runtime.ts';
import type { Sensitivity } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import { similarityScore } from '../../src/guardrails/vector/score.ts';
import { readSplit } from '../dataset.ts';
import { loadGlove } from '../glove-vocabulary.ts';
import { MULTILINGUAL_HOLDOUT } from '../multilingual-holdout.ts';
import { normaliseForDetection } from '../../src/text/normalise.ts';
import { DEFAULT_TRAIN_CONFIG, trainEncoder, type TrainInput } from './contrastive.ts';
import { buildVectorCorpus, seedId } from './corpus.ts';
import { featurise, featuriseWithParts, TRAIN_MAX_TOKENS } from './featurise.ts';
import { renderVectorModelCard, type ValidationReport } from './model-card.ts';
import {
  PRUNE_RECALL_TOLERANCE,
  SENSITIVITY_TARGETS,
  benignRates,
  choosePruning,
  isSourceAttack,
  macroRate,
  pooledRate,
  ratesBySource,
  sensitivityThresholds,
  similarityFloor,
} from './thresholds.ts';
import { loadOutOfSourceScores, outOfSourceScores, saveOutOfSourceScores } from './validation.ts';
import { buildRequestSeed } from './request-seed.ts';
import { buildVocabulary } from './vocabulary.ts';
import { keepLeaders } from './prune.ts';
import { writeEncoder, writeSeed } from './write-files.ts';

const DIMS = 64;
/** Near-copy levels (cosine similarity) the seed may be pruned at: validation measures each (prune.ts). */
const PRUNE_LEVELS = [0.99, 0.97, 0.95, 0.93, 0.9, 0.85];
const BUCKETS = 1 << 15;

const { values: args } = parseArgs({
  options: {
    'exclude-license': { type: 'string', default: process.env.RAMPART_EXCLUDE_LICENSES ?? '' },
    steps: { type: 'string' },
    'models-dir': { type: 'string', default: resolve(import.meta.dirname, '../../models') },
    'save-oos': { type: 'string' },
    'load-oos': { type: 'string' },
  },
});
const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const excluded = args['exclude-license']
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const config = { ...DEFAULT_TRAIN_CONFIG, ...(args.steps ? { steps: Number(args.steps) } : {}) };

// Read once: its words by frequency feed the soups of the corpus, its vectors the vocabulary.
const glove = loadGlove();
const corpus = buildVectorCorpus(readSplit('train'), excluded, glove.words);
log(
  `corpus: ${corpus.filter((c) => c.attack).length} attack and ${corpus.filter((c) => !c.attack).length} benign texts${excluded.length ? ` (licences excluded: ${excluded.join(', ')})` : ''}`,
);
const vocabulary = buildVocabulary(
  corpus.map((c) => c.text),
  glove,
);
log(`vocabulary: ${vocabulary.words.length} words`);
const texts = corpus.map((c) => c.text);
const scoring = featuriseWithParts(texts, vocabulary.index, BUCKETS);
const input: TrainInput = {
  corpus,
  data: featurise(texts, vocabulary.index, BUCKETS, TRAIN_MAX_TOKENS),
  scoring: scoring.data,
  partRows: scoring.partRows,
  rows: corpus.map((_, i) => i),
  glove: vocabulary.glove,
  logSif: vocabulary.logSif,
  shape: { gloveDims: vocabulary.gloveDims, dims: DIMS, buckets: BUCKETS },
};

const scored = args['load-oos'] ? loadOutOfSourceScores(args['load-oos'], corpus.length) : await outOfSourceScores(input, config, PRUNE_LEVELS, log);
if (args['save-oos']) saveOutOfSourceScores(args['save-oos'], scored);
const pruning = choosePruning(corpus, scored);
const oos = pruning.chosen === undefined ? scored.whole : scored.pruned[scored.pruneLevels.indexOf(pruning.chosen)]!;
log(`store pruning: ${pruning.chosen === undefined ? 'none' : `near-copies at ${pruning.chosen}`}`);
const floor = similarityFloor(corpus, oos);
const similarityThresholds = sensitivityThresholds(corpus, oos);
const scoreThresholds = Object.fromEntries(
  VECTOR_SENSITIVITIES.map((s) => [s, Math.round(similarityScore(similarityThresholds[s], floor) * 1000) / 1000]),
) as Record<Sensitivity, number>;
log(`similarity floor ${floor}; thresholds ${JSON.stringify(similarityThresholds)} → scores ${JSON.stringify(scoreThresholds)}`);

const model = trainEncoder(input, config, log);
const encoderDir = join(args['models-dir'], 'vector-encoder');
const manifest = writeEncoder({ dir: encoderDir, model, vocabulary, similarityFloor: floor, thresholds: scoreThresholds });
log(`encoder ${manifest.version} written to ${encoderDir}`);

// Seed vectors come from the exported encoder itself, so they match inference bit for bit.
const encoder = loadSentenceEncoder(encoderDir);
const attackEntries = corpus
  .filter((c) => c.attack)
  .map((c) => ({ id: seedId(c.text), family: c.family, category: c.category, vector: encoder.encode(c.text) }));
const seedEntries = pruning.chosen === undefined ? attackEntries : keepLeaders(attackEntries, pruning.chosen);
const seedDir = join(args['models-dir'], 'threat-seed');
writeSeed({ dir: seedDir, encoder: manifest.version, dims: DIMS, entries: seedEntries });
log(`threat seed: ${seedEntries.length} vectors of ${attackEntries.length} attacks`);

// Hand-written sentences in trained and unseen languages, never trained on: how far the store reaches.
// Attack entries only: the request seed is rebuilt for this encoder at the end (request-seed.ts).
const runtime = seedOnlyRuntime(encoder, loadThreatSeed(seedDir), loadRequestMatching());
const holdout: number[] = [];
for (const h of MULTILINGUAL_HOLDOUT)
  holdout.push((await scoreMessage(runtime, { detectionViews: [normaliseForDetection(h.text)], cleaned: { text: h.text } })).matches[0]?.similarity ?? 0);

const report: ValidationReport = {
  encoder: manifest.version,
  config,
  excludedLicences: excluded,
  corpus: { attacks: corpus.filter((c) => c.attack).length, benign: corpus.filter((c) => !c.attack).length, vocabulary: vocabulary.words.length },
  similarityFloor: floor,
  pruning: { ...pruning, tolerance: PRUNE_RECALL_TOLERANCE, entries: { attacks: attackEntries.length, kept: seedEntries.length } },
  sensitivities: VECTOR_SENSITIVITIES.map((s) => {
    const t = similarityThresholds[s];
    const benign = ratesBySource(corpus, oos, t, (c) => !c.attack);
    const benignMacro = benignRates(corpus, oos, t);
    const attacks = ratesBySource(corpus, oos, t, (c) => c.attack);
    const sourceAttacks = ratesBySource(corpus, oos, t, isSourceAttack);
    const flagged = (attack: boolean) =>
      MULTILINGUAL_HOLDOUT.filter((h, i) => h.attack === attack && holdout[i]! >= t).length / MULTILINGUAL_HOLDOUT.filter((h) => h.attack === attack).length;
    return {
      sensitivity: s,
      target: SENSITIVITY_TARGETS[s],
      similarity: t,
      score: scoreThresholds[s],
      benignMacro: benignMacro.benign,
      hardMacro: benignMacro.hard,
      attackMacro: macroRate(sourceAttacks),
      attackPooled: pooledRate(sourceAttacks),
      benign,
      attacks,
      multilingual: { attacks: flagged(true), benign: flagged(false) },
    };
  }),
};

// The public evaluation split, measured once the encoder is final: reported, never used to choose anything.
// With the shipped detector model: the classifier the filter is compared with.
const models = await modelGuardrailsCheck(new ModelLibrary(SHIPPED_MODELS_DIR));
const evalRows: VectorScoredRow[] = [];
for (const row of readSplit('eval').filter((r) => directionOf(r.label) === 'input')) {
  const checked = await models('input', row.text);
  const score = (await scoreMessage(runtime, new AnalysedText(row.text))).score;
  evalRows.push({ row, score, llm: checked.checks.llm?.detected === true, models: checked.injection_detected });
}
const evaluation = vectorEvalReport({ encoder, scored: evalRows, sensitivity: 'Medium' });
log('evaluation split measured');

mkdirSync(encoderDir, { recursive: true });
writeFileSync(join(encoderDir, 'validation.json'), `${JSON.stringify({ ...report, evaluation }, null, 2)}\n`);
writeFileSync(join(encoderDir, 'MODEL_CARD.md'), renderVectorModelCard(manifest, report, evaluation));
log('validation report and model card written');

// The hazardous-request partition belongs to the encoder too: rebuilt for it with the same licences.
await buildRequestSeed({ modelsDir: args['models-dir'], excludedLicences: excluded, log });
