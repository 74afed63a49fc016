/**
 * The vector filter's hazardous-request entries and what decides when they count
 * (src/guardrails/vector/request-matching.ts), from the training split and the installed encoder. Steps:
 * hazardous requests → seed vectors; benign texts → chunk-shape frequencies; the oddness threshold
 * (a high percentile of the plain requests); per sensitivity, the request-similarity threshold at
 * which suffixed benign texts stay within the benign targets; then the validation report, the
 * public evaluation split (measured, never used to choose) and the model card. Under a minute.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VECTOR_SENSITIVITIES } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import { directionOf } from '../../src/eval/classification.ts';
import { modelGuardrailsCheck } from '../../src/eval/direct-check.ts';
import { vectorEvalReport, type VectorScoredRow } from '../../src/eval/vector-eval.ts';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../../src/models/model-library.ts';
import { fileEntry } from '../tensor-pack.ts';
import { AnalysedText } from '../../src/text/analysed-text.ts';
import { encodeMessage } from '../../src/guardrails/vector/encoder/encode-message.ts';
import { loadSentenceEncoder } from '../../src/guardrails/vector/encoder/encoder.ts';
import type { Sensitivity } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import { REQUEST_FAMILY, loadRequestMatching, type RequestCalibration, type RequestSeedManifest } from '../../src/guardrails/vector/request-matching.ts';
import { encodeParts, scoreMessage } from '../../src/guardrails/vector/scorer.ts';
import { loadShippedSeed } from '../../src/guardrails/vector/seed.ts';
import { ShapeFrequencies, textShapes } from '../../src/guardrails/vector/suffix-shape.ts';
import { ThreatIndex } from '../../src/guardrails/vector/search/threat-index.ts';
import { seedOnlyRuntime } from '../../src/guardrails/vector/vector-runtime.ts';
import { gibberishSuffix, soupSlice, symbolHeavyBenign, withSubwordPieces } from '../attack-families.ts';
import { readSplit } from '../dataset.ts';
import { FOLDS, foldOf } from '../folds.ts';
import { isExcluded } from '../licences.ts';
import { Random } from '../random.ts';
import { isHarmfulRequest, seedId } from './corpus.ts';
import { renderRequestModelCard, type RequestReport, type SourceFlags } from './request-model-card.ts';
import { SENSITIVITY_TARGETS } from './thresholds.ts';
import { writeSeed } from './write-files.ts';

/** Share of plain hazardous requests allowed to read as suffixed. */
const ODDNESS_QUANTILE = 0.995;
/** No single benign source may exceed this multiple of its sensitivity's macro target. */
const SOURCE_CAP = 2;
/** Every this-many-th benign text sets the similarity floor (the median needs no more). */
const FLOOR_STRIDE = 10;

export interface RequestSeedOptions {
  /** Holds vector-encoder/ and threat-seed/; request-seed/ is written next to them. */
  modelsDir: string;
  excludedLicences: readonly string[];
  log: (line: string) => void;
}

/** Per source, the shape frequencies of all the other sources: each is read as a source never seen. */
function frequenciesWithoutEachSource(texts: ReadonlyArray<{ source: string; text: string }>): Map<string, ShapeFrequencies> {
  const perSource = new Map<string, Map<string, number>>();
  for (const b of texts) {
    let m = perSource.get(b.source);
    if (!m) perSource.set(b.source, (m = new Map()));
    for (const s of textShapes(b.text)) m.set(s, (m.get(s) ?? 0) + 1);
  }
  const allCounts = new Map<string, number>();
  for (const m of perSource.values()) for (const [s, n] of m) allCounts.set(s, (allCounts.get(s) ?? 0) + n);
  return new Map(
    [...perSource].map(([source, own]) => {
      const counts = new Map(allCounts);
      for (const [s, n] of own) counts.set(s, counts.get(s)! - n);
      for (const [s, n] of counts) if (n === 0) counts.delete(s);
      return [source, new ShapeFrequencies(counts)] as const;
    }),
  );
}

export async function buildRequestSeed({ modelsDir, excludedLicences: excluded, log }: RequestSeedOptions): Promise<void> {
  const encoder = loadSentenceEncoder(join(modelsDir, 'vector-encoder'));
  const train = readSplit('train');

  // Hazardous requests, one entry per distinct normalised text.
  const requests = new Map<string, { id: string; category: string; text: string; fold: number; vector: Float32Array }>();
  for (const r of train) {
    if (!isHarmfulRequest(r, excluded)) continue;
    const id = seedId(new AnalysedText(r.text).normalised);
    if (!requests.has(id)) requests.set(id, { id, category: r.category, text: r.text, fold: foldOf(r.file), vector: encodeMessage(encoder, r.text) });
  }
  const index = new ThreatIndex(encoder.version, encoder.dims, undefined, 'requests');
  for (const q of requests.values()) index.add(q.id, REQUEST_FAMILY, q.vector);
  log(`${index.size} hazardous requests`);

  /** Closest request to any part of any view of `text`, leaving out entry `self`. */
  async function requestSimilarity(text: string, self?: string): Promise<number> {
    let best = -1;
    for (const m of await index.closest(await encodeParts(encoder, new AnalysedText(text).detectionViews), 2))
      if (m.id !== self && m.similarity > best) best = m.similarity;
    return best;
  }

  // Benign texts by source: the training split's and hand-written symbol-heavy ones (code, formulas, logs).
  const benign = [
    ...train.filter((r) => (r.label === 'benign' || r.label === 'benign_hard') && !isExcluded(r, excluded)).map((r) => ({ source: r.file, text: r.text })),
    ...symbolHeavyBenign().map((text) => ({ source: 'synthetic:symbol-heavy', text })),
  ];
  const shapes = ShapeFrequencies.count(benign.map((b) => b.text));

  const withoutSource = frequenciesWithoutEachSource(benign);

  const requestOddness = [...requests.values()].map((q) => shapes.oddness(q.text)).sort((a, b) => a - b);
  const oddnessThreshold = Math.round(requestOddness[Math.floor(ODDNESS_QUANTILE * (requestOddness.length - 1))]! * 1000) / 1000;
  log(`oddness threshold ${oddnessThreshold} (${ODDNESS_QUANTILE} quantile of the requests)`);

  // Request similarity only matters for suffixed texts; every FLOOR_STRIDE-th text also sets the floor.
  const scored: { source: string; suffixed: boolean; similarity: number }[] = [];
  for (const [i, b] of benign.entries()) {
    const suffixed = withoutSource.get(b.source)!.oddness(b.text) >= oddnessThreshold;
    const similarity = suffixed || i % FLOOR_STRIDE === 0 ? await requestSimilarity(b.text) : -1;
    scored.push({ source: b.source, suffixed, similarity });
  }
  const floorSample = scored
    .filter((_, i) => i % FLOOR_STRIDE === 0)
    .map((s) => s.similarity)
    .sort((a, b) => a - b);
  const similarityFloor = Math.round(floorSample[Math.floor(floorSample.length / 2)]! * 1000) / 1000;

  function benignFlags(t: number): SourceFlags[] {
    const by = new Map<string, SourceFlags>();
    for (const s of scored) {
      let f = by.get(s.source);
      if (!f) by.set(s.source, (f = { source: s.source, rows: 0, flagged: 0 }));
      f.rows++;
      if (s.suffixed && s.similarity >= t) f.flagged++;
    }
    return [...by.values()].sort((a, b) => a.source.localeCompare(b.source));
  }
  const macro = (flags: readonly SourceFlags[]) => flags.reduce((a, f) => a + f.flagged / f.rows, 0) / flags.length;

  /** The lowest similarity (0.001 steps) whose benign flags meet the target, as a macro and per source. */
  function thresholdFor(target: number): number {
    for (let k = Math.ceil(similarityFloor * 1000) + 1; k < 1000; k++) {
      const flags = benignFlags(k / 1000);
      if (macro(flags) <= target && flags.every((f) => f.flagged / f.rows <= SOURCE_CAP * target)) return k / 1000;
    }
    throw new Error('no request threshold meets the benign targets');
  }
  const thresholds = Object.fromEntries(VECTOR_SENSITIVITIES.map((s) => [s, thresholdFor(SENSITIVITY_TARGETS[s])])) as Record<Sensitivity, number>;
  if (!(similarityFloor < thresholds.High && thresholds.High < thresholds.Medium && thresholds.Medium < thresholds.Low && thresholds.Low < 1)) {
    throw new Error(`request thresholds are not ordered: floor ${similarityFloor}, ${JSON.stringify(thresholds)}`);
  }
  const calibration: RequestCalibration = { oddnessThreshold, similarityFloor, thresholds };
  log(`request calibration ${JSON.stringify(calibration)}`);

  // Validation: each request with a suffix made from its own fold's slice of the soup material, scored
  // against the other requests (its own entry left out); and the plain requests, which must stay quiet.
  const rng = new Random(41_414);
  const soups = Array.from({ length: FOLDS }, (_, fold) => withSubwordPieces(soupSlice(fold, FOLDS), rng));
  const validation: { suffixed: { oddness: number; similarity: number }; plain: { oddness: number; similarity: number } }[] = [];
  for (const q of requests.values()) {
    const suffixedText = `${q.text.trim()} ${gibberishSuffix(rng, soups[q.fold])}`;
    validation.push({
      suffixed: { oddness: shapes.oddness(suffixedText), similarity: await requestSimilarity(suffixedText, q.id) },
      plain: { oddness: shapes.oddness(q.text), similarity: await requestSimilarity(q.text, q.id) },
    });
  }
  const rate = (pick: 'suffixed' | 'plain', t: number) =>
    validation.filter((v) => v[pick].oddness >= oddnessThreshold && v[pick].similarity >= t).length / validation.length;

  const dir = join(modelsDir, 'request-seed');
  const seed = writeSeed({ dir, encoder: encoder.version, dims: encoder.dims, entries: [...requests.values()].map((q) => ({ ...q, family: REQUEST_FAMILY })) });
  const shapesTsv = Buffer.from(shapes.toTsv(), 'utf8');
  writeFileSync(join(dir, 'shapes.tsv'), shapesTsv);
  const manifest: RequestSeedManifest = { ...seed, name: 'rampart-request-seed', shapes: fileEntry('shapes.tsv', shapesTsv), calibration };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`request seed written to ${dir}`);

  const report: RequestReport = {
    encoder: encoder.version,
    requests: index.size,
    shapes: shapesTsv.toString('utf8').split('\n').length - 1,
    benignTexts: benign.length,
    calibration,
    oddnessQuantile: ODDNESS_QUANTILE,
    sourceCap: SOURCE_CAP,
    sensitivities: VECTOR_SENSITIVITIES.map((s) => {
      const flags = benignFlags(thresholds[s]);
      return {
        sensitivity: s,
        target: SENSITIVITY_TARGETS[s],
        similarity: thresholds[s],
        benignMacro: macro(flags),
        benignMax: Math.max(...flags.map((f) => f.flagged / f.rows)),
        suffixedRequests: rate('suffixed', thresholds[s]),
        plainRequests: rate('plain', thresholds[s]),
        benign: flags,
      };
    }),
  };

  // The public evaluation split with the whole filter (attacks and requests), measured once everything is final.
  const runtime = seedOnlyRuntime(encoder, loadShippedSeed(join(modelsDir, 'threat-seed'), dir), loadRequestMatching(dir));
  // With the shipped detector model: the classifier the filter is compared with.
  const models = await modelGuardrailsCheck(new ModelLibrary(SHIPPED_MODELS_DIR));
  const evalScored: VectorScoredRow[] = [];
  for (const row of readSplit('eval').filter((r) => directionOf(r.label) === 'input')) {
    const checked = await models('input', row.text);
    evalScored.push({
      row,
      score: (await scoreMessage(runtime, new AnalysedText(row.text))).score,
      llm: checked.checks.llm?.detected === true,
      models: checked.injection_detected,
    });
  }
  const evaluation = vectorEvalReport({ encoder, scored: evalScored, sensitivity: 'Medium' });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'validation.json'), `${JSON.stringify({ ...report, evaluation }, null, 2)}\n`);
  writeFileSync(join(dir, 'MODEL_CARD.md'), renderRequestModelCard(manifest, report, evaluation));
  log('validation report and model card written');
}
