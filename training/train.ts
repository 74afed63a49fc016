/**
 * `npm run train`: reproduces the shipped detector model from the training split of the shared
 * datasets. Steps: read rows (minus excluded licences) → labelled + generated texts → word-vector
 * table from GloVe → features → grouped out-of-source validation (calibration and thresholds) →
 * final model on everything → weights, manifest, validation report and model card.
 *
 *   node training/train.ts [--exclude-license CC-BY-NC,GPL] [--no-validation] [--no-held-out] [--no-model] [--seeds N] [--epochs N]
 *     [--models-dir DIR] [--threads N] [--save-oof FILE] [--load-oof FILE,...] [--seed-offset K] [--corpus-seed N] [--reuse-model]
 *     [--translation-share S]
 *
 * Needs the FreeDict bilingual dictionaries and the Apertium translators from Debian's packages (training/dictionary-aliases.ts
 * and training/machine-translation.ts
 * names them; docs/development.md has the apt-get line).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FeatureExtractor, denseSize } from '../src/detector/features.ts';
import { DETECTOR_MODEL_NAME } from '../src/detector/detector-model.ts';
import type { ModelManifest } from '../src/detector/detector-manifest.ts';
import { WordVectors } from '../src/detector/word-vectors.ts';
import { evaluateClassification, formatClassificationReport, type CheckFunction } from '../src/eval/classification.ts';
import { modelGuardrailsCheck } from '../src/eval/direct-check.ts';
import { ModelLibrary } from '../src/models/model-library.ts';
import { buildCorpus } from './corpus.ts';
import { renderModelCard, type HoldoutResult } from './model-card.ts';
import { MULTILINGUAL_HOLDOUT } from './multilingual-holdout.ts';
import { datasetsDir, readSplit } from './dataset.ts';
import { encode } from './encode.ts';
import { buildWordVectors, commonEnglishRanks, loadGlove } from './glove-vocabulary.ts';
import { FOREIGN_ALIASES } from './foreign-aliases.ts';
import { dictionaryAliases } from './dictionary-aliases.ts';
import { Glossary } from '../src/detector/glossary.ts';
import { isExcluded } from './licences.ts';
import { translatedCopies } from './machine-translation.ts';
import { roundTripRows } from './quantize.ts';
import { Random } from './random.ts';
import { DEFAULT_CONFIG, bucketWeights, train } from './trainer.ts';
import {
  analyse,
  analyseHeldOut,
  loadLogits,
  mergeFolds,
  saveLogits,
  schemeJobs,
  type HeldOutReport,
  type SeedRun,
  type ValidationReport,
} from './validation.ts';
import { runFoldJobs, type FoldJob } from './fold-pool.ts';
import type { FoldScheme } from './fold-schemes.ts';
import { writeModel } from './write-model.ts';

const { values: args } = parseArgs({
  options: {
    'exclude-license': { type: 'string', default: process.env.RAMPART_EXCLUDE_LICENSES ?? '' },
    'no-validation': { type: 'boolean', default: false },
    'no-model': { type: 'boolean', default: false },
    // Skip the language and technique folds (source folds only).
    'no-held-out': { type: 'boolean', default: false },
    // Validation models trained at once (default: one per core).
    threads: { type: 'string' },
    'save-oof': { type: 'string' },
    'load-oof': { type: 'string' },
    epochs: { type: 'string' },
    // Validation is repeated with this many training seeds; the first seed's scores set the calibration.
    seeds: { type: 'string', default: '3' },
    // Training seeds start this many after the configured one (to compute one seed's validation alone).
    'seed-offset': { type: 'string', default: '0' },
    // Seed of the corpus's random draws (generated texts, sampling, translated copies), if not the
    // configured one: comparing runs that differ only here measures how much a variant's figures move
    // because any edit to the data shifts the draws.
    'corpus-seed': { type: 'string' },
    'reuse-model': { type: 'boolean', default: false },
    // Share of the English texts also trained on in a machine translation (training/machine-translation.ts).
    'translation-share': { type: 'string', default: '0.2' },
    'models-dir': { type: 'string', default: resolve(import.meta.dirname, '../models') },
  },
});

const started = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const cfg = { ...DEFAULT_CONFIG, ...(args.epochs !== undefined ? { epochs: Number(args.epochs) } : {}) };
const excluded = args['exclude-license']!.split(',')
  .map((s) => s.trim())
  .filter(Boolean);

log(`datasets: ${datasetsDir()}; excluded licences: ${excluded.join(', ') || 'none'}`);
const rng = new Random(args['corpus-seed'] !== undefined ? Number(args['corpus-seed']) : cfg.seed);
const { texts, summary } = buildCorpus(readSplit('train'), excluded, rng);
const translations = translatedCopies(texts, rng, Number(args['translation-share']), (licence) => isExcluded({ file: '', license: licence }, excluded));
texts.push(...translations.copies);
log(`${texts.length} training texts, ${translations.copies.length} of them translated (${JSON.stringify(translations.summary.perLanguage)})`);

const corpusWords = new Set<string>();
for (const t of texts) for (const m of t.text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) corpusWords.add(m[0]);
const glove = loadGlove();
const dictionaries = dictionaryAliases(commonEnglishRanks(glove), corpusWords, (licence) => isExcluded({ file: '', license: licence }, excluded));
// Hand-written aliases win over dictionary ones: they were chosen for the words attacks use.
const built = buildWordVectors(glove, corpusWords, new Map([...dictionaries.aliases, ...FOREIGN_ALIASES]));
log(`dictionary aliases: ${dictionaries.aliases.size} (${dictionaries.sources.map((s) => `${s.dictionary} ${s.aliases}`).join(', ')})`);
const wordVectors = roundTripRows(built.table.vectors, built.words.length);
const vectors = new WordVectors(built.words, wordVectors, built.table.dims);
log(`word-vector table: ${built.words.length} words × ${vectors.dims}`);

const extractor = new FeatureExtractor(vectors, cfg.buckets);
// The gloss reads only dictionary translations: the hand-written aliases lend attack words' vectors on
// purpose ("mot" near "password"), which in a gloss would turn ordinary French into a password request.
// Forms that are also frequent English words are left as they are, so English text is not glossed.
const englishRanks = commonEnglishRanks(glove);
const glossaryEntries = new Map([...dictionaries.translations].filter(([foreign]) => !englishRanks.has(foreign)));
const glossary = new Glossary(glossaryEntries);
const set = encode(texts, extractor, denseSize(extractor.shape), glossary);
log(
  `encoded ${set.size} windows (${set.scoreOnly.reduce((a, b) => a + b, 0)} of them glosses, scored and not trained on), ${set.ids.length} sparse ids; glossary of ${glossary.size} words`,
);
const weights = bucketWeights(set, cfg.buckets);

const outDir = join(args['models-dir']!, DETECTOR_MODEL_NAME);
mkdirSync(outDir, { recursive: true });
let report: (ValidationReport & { seedRuns: SeedRun[]; heldOut: HeldOutReport[] }) | undefined;
if (!args['no-validation']) {
  // Out-of-fold scores per training seed (the corpus stays the one built from the configured seed):
  // source folds loaded from --load-oof files in seed order, the rest computed here, all models of
  // the run trained in parallel (fold-pool.ts), language and technique folds with every seed.
  const loaded = (args['load-oof'] ?? '').split(',').filter(Boolean).map(loadLogits);
  const runs = Math.max(Number(args.seeds), loaded.length);
  const seeds = Array.from({ length: runs }, (_, k) => cfg.seed + Number(args['seed-offset']) + k);
  const planned: { scheme: FoldScheme; seed: number; jobs: FoldJob[] }[] = [];
  seeds.forEach((seed, k) => {
    if (loaded[k] === undefined) planned.push({ scheme: 'source', seed, jobs: schemeJobs(set, 'source', { ...cfg, seed }) });
    if (!args['no-held-out'])
      for (const scheme of ['language', 'technique'] as const) planned.push({ scheme, seed, jobs: schemeJobs(set, scheme, { ...cfg, seed }) });
  });
  const results = await runFoldJobs(
    set,
    weights,
    planned.flatMap((p) => p.jobs),
    log,
    args.threads === undefined ? undefined : Number(args.threads),
  );
  const oofOf = new Map<string, Map<number, Float32Array>>();
  let next = 0;
  for (const p of planned) {
    const oof = mergeFolds(results.slice(next, (next += p.jobs.length)));
    oofOf.set(`${p.scheme}.${p.seed}`, oof);
    const save = args['save-oof'];
    // Source folds: FILE for one seed, FILE.<seed> for several (what --load-oof takes); others FILE.<scheme>.<seed>.
    if (save !== undefined) saveLogits(p.scheme !== 'source' ? `${save}.${p.scheme}.${p.seed}` : runs === 1 ? save : `${save}.${p.seed}`, oof);
  }
  const seedRuns: SeedRun[] = [];
  let first: ValidationReport | undefined;
  seeds.forEach((seed, k) => {
    const analysed = analyse(set, loaded[k] ?? oofOf.get(`source.${seed}`)!);
    first ??= analysed;
    seedRuns.push({ seed, targets: analysed.targets, byLanguage: analysed.byLanguage });
  });
  const heldOut = planned.filter((p) => p.scheme !== 'source').map((p) => analyseHeldOut(set, oofOf.get(`${p.scheme}.${p.seed}`)!, first!, p.scheme, p.seed));
  report = { ...first!, seedRuns, heldOut };
  writeFileSync(join(outDir, 'validation.json'), `${JSON.stringify({ config: cfg, excludedLicences: excluded, corpus: summary, ...report }, null, 2)}\n`);
  log(`out-of-source: ${JSON.stringify(report.heads)}`);
  log(`targets: ${JSON.stringify(seedRuns.map((r) => r.targets))}`);
  for (const h of heldOut) log(`held-out ${h.scheme}s: ${h.overall.map((r) => `${r.facet} attacks ${(100 * r.attackRecall).toFixed(1)}%`).join(', ')}`);
}
if (!args['no-model']) {
  const manifest = args['reuse-model'] ? reusedManifest() : trainAndWrite();
  log(
    `${args['reuse-model'] ? 'kept' : 'wrote'} ${outDir}: ${manifest.files.weights.bytes + manifest.files.vocabulary.bytes + manifest.files.glossary.bytes} bytes`,
  );

  // Report with the written (quantised) model through the guardrails, exactly as it ships.
  const check = await modelGuardrailsCheck(new ModelLibrary(args['models-dir']!));
  const holdout = await scoreHoldout(check);
  log(`multilingual hold-out: ${JSON.stringify(holdout)}`);
  const evalReport = await evaluateClassification(check, join(datasetsDir(), 'eval'));
  const evalTable = formatClassificationReport(evalReport);
  console.log(evalTable);
  const notesPath = join(import.meta.dirname, 'model-card-notes.md');
  const card = renderModelCard({
    manifest,
    config: cfg,
    excludedLicences: excluded,
    corpus: summary,
    validation: report,
    evalTable,
    notes: existsSync(notesPath) ? readFileSync(notesPath, 'utf8') : '',
    holdout,
    trainingSeconds: (Date.now() - started) / 1000,
    dictionaryAliases: dictionaries.aliases.size,
    glossaryEntries: glossary.size,
    translations: translations.summary.perLanguage,
    parameters: manifest.tensors.reduce((sum, t) => sum + t.shape.reduce((a, b) => a * b, 1), 0),
  });
  writeFileSync(join(outDir, 'MODEL_CARD.md'), card);
  log(`wrote ${join(outDir, 'MODEL_CARD.md')}`);
}

function trainAndWrite(): ModelManifest {
  const all = new Set(texts.map((_, i) => i));
  const network = train(set, all, cfg, weights, log);
  return writeModel({
    dir: outDir,
    name: DETECTOR_MODEL_NAME,
    version: `seed-${cfg.seed}`,
    words: built.words,
    wordVectors,
    wordDims: vectors.dims,
    glossary: glossaryEntries,
    buckets: cfg.buckets,
    network,
    calibration: report?.calibration ?? {},
    thresholds: report?.thresholds ?? {},
  });
}

/**
 * The model already in the models directory, for `--reuse-model`: a run that only adds validation
 * seeds re-renders the card without training the same deterministic network again. Its calibration
 * must be the one this run's first seed gives (checked), so the card describes the shipped file.
 */
function reusedManifest(): ModelManifest {
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as ModelManifest;
  if (report !== undefined && JSON.stringify(manifest.calibration) !== JSON.stringify(report.calibration)) {
    throw new Error('--reuse-model: the kept model was calibrated on other validation scores; train it again');
  }
  return manifest;
}

async function scoreHoldout(check: CheckFunction): Promise<HoldoutResult[]> {
  const byLang = new Map<string, HoldoutResult>();
  for (const s of MULTILINGUAL_HOLDOUT) {
    const r = byLang.get(s.lang) ?? { lang: s.lang, attacks: 0, attacksFlagged: 0, benign: 0, benignFlagged: 0 };
    byLang.set(s.lang, r);
    const flagged = (await check('input', s.text)).injection_detected;
    if (s.attack) {
      r.attacks++;
      if (flagged) r.attacksFlagged++;
    } else {
      r.benign++;
      if (flagged) r.benignFlagged++;
    }
  }
  return [...byLang.values()];
}
