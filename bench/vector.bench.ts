/**
 * Vector filter benchmark: k-nearest-neighbour query latency against 9k stored vectors (exact search),
 * 20k and 100k (HNSW), the memory of each index, its build time and persisted size, and the cost of
 * scoring one message against the shipped seed (every view and part encoded and searched). Stored
 * vectors are the shipped seed plus noisy copies of it (clustered like real
 * entries, unlike uniform random vectors); queries are other noisy copies, half of them close to a
 * stored vector (cosine ≈ 0.95, where verdicts are decided) and half of them far (≈ 0.7).
 *
 * Timings on a shared machine move with its load, so every query is paired with two baselines timed
 * in the same run, right before it: exact search (one int8 matrix product, top-k candidates compared
 * exactly in float32, exact-search.ts) over the same vectors, and a fixed reference workload (sorting
 * 2,000 numbers). Reported: medians, and the medians of the per-query ratios to each baseline.
 *
 * Then the search of one 1,000-character message's parts against the shipped seed, by the int8
 * product with exact re-ranking that the filter uses and by a float32 product and top-k per part,
 * alternated, with the ratio of their medians.
 *
 *   node --expose-gc bench/vector.bench.ts [--sizes 9000,20000,100000] [--json OUT]
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SHIPPED_MODELS_DIR, ModelLibrary } from '../src/models/model-library.ts';
import { AnalysedText } from '../src/text/analysed-text.ts';
import { indexDir, saveThreatIndex } from '../src/guardrails/vector/search/index-file.ts';
import { FixedMatrixSearch, QuantisedMatrixSearch } from '../src/guardrails/vector/search/exact-search.ts';
import { KnnIndex } from '../src/guardrails/vector/search/knn-index.ts';
import { REPORTED_MATCHES, encodeParts, scoreMessage } from '../src/guardrails/vector/scorer.ts';
import { loadShippedSeed, loadThreatSeed, SHIPPED_SEED } from '../src/guardrails/vector/seed.ts';
import { SENTENCE_ENCODER } from '../src/guardrails/vector/encoder/encoder.ts';
import { REQUEST_MATCHING } from '../src/guardrails/vector/request-matching.ts';
import { ThreatIndex } from '../src/guardrails/vector/search/threat-index.ts';
import { seedOnlyRuntime } from '../src/guardrails/vector/vector-runtime.ts';
import { quantile } from './lib/measure.ts';
import { referenceWork } from './lib/reference.ts';
import { Random } from '../training/random.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '9000,20000,100000' }, json: { type: 'string' } } });
const QUERIES = 2000;
const K = REPORTED_MATCHES;

const models = new ModelLibrary(SHIPPED_MODELS_DIR);
const encoder = models.load(SENTENCE_ENCODER);
const seed = loadThreatSeed();
const dims = encoder.dims;

const rng = new Random(42);

/** A seed vector moved by noise of the given scale, back on the unit sphere. */
function nearSeed(i: number, noise: number): Float32Array {
  const base = seed.entries[i % seed.entries.length]!.vector;
  const v = base.map((x) => x + noise * rng.normal());
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function time(run: () => unknown): number {
  const t = performance.now();
  run();
  return performance.now() - t;
}

async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => round(bytes / 1e6, 1);

interface SizeResult {
  vectors: number;
  mode: 'exact' | 'hnsw';
  buildMs: number;
  queryP50Ms: number;
  queryP99Ms: number;
  exactP50Ms: number;
  referenceP50Ms: number;
  /** Median of per-query ratios: index query / exact search of the same query. */
  ratioToExact: number;
  /** Median of per-query ratios: index query / reference workload. */
  ratioToReference: number;
  /** Resident memory growth while building (vectors, ids, graph), after garbage collection. */
  memoryMb: number;
  /** The raw vectors alone (n × dims × 4 bytes). */
  vectorsMb: number;
  persistedMb: number;
  /** Share of close queries whose top match is as similar as the exact nearest neighbour. */
  recallAt1Close: number;
  /** The same for far queries, where many stored vectors are almost equally (dis)similar. */
  recallAt1Far: number;
  /** Mean similarity the top match falls short of the exact nearest neighbour's. */
  meanSimilarityGap: number;
}

async function benchSize(n: number): Promise<SizeResult> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const index = new ThreatIndex(encoder.version, dims);
  for (let i = 0; i < n; i++)
    index.add(`e${i}`, seed.entries[i % seed.entries.length]!.family, i < seed.entries.length ? seed.entries[i]!.vector : nearSeed(i, 0.08));
  const buildMs = performance.now() - started;
  globalThis.gc?.();
  const memory = process.memoryUsage().rss - before;

  // The exact-search baseline over the very same matrix.
  const exact = new KnnIndex(dims, Number.POSITIVE_INFINITY);
  exact.restore(index.knn.matrix);
  const queries = Array.from({ length: QUERIES }, (_, i) => nearSeed(i * 7919, i % 2 === 0 ? 0.04 : 0.12));
  for (const q of queries.slice(0, 100)) {
    await index.search(q, K);
    await exact.search(q, K);
  }
  const times: number[] = [];
  const exactTimes: number[] = [];
  const referenceTimes: number[] = [];
  const toExact: number[] = [];
  const toReference: number[] = [];
  const hits = [0, 0];
  let gap = 0;
  for (const [i, q] of queries.entries()) {
    const r = time(referenceWork);
    let truth = 0;
    const e = await timeAsync(async () => (truth = (await exact.search(q, 1))[0]!.similarity));
    let top = 0;
    const t = await timeAsync(async () => (top = (await index.knn.search(q, K))[0]!.similarity));
    // Near-copies tie: a different row as similar as the true neighbour is as good.
    if (top >= truth - 1e-5) hits[i % 2]!++;
    gap += truth - top;
    times.push(t);
    exactTimes.push(e);
    referenceTimes.push(r);
    toExact.push(t / e);
    toReference.push(t / r);
  }
  const dir = mkdtempSync(join(tmpdir(), 'rampart-vector-bench-'));
  saveThreatIndex(index, indexDir(dir));
  const persisted = readdirSync(indexDir(dir)).reduce((s, f) => s + statSync(join(indexDir(dir), f)).size, 0);
  rmSync(dir, { recursive: true, force: true });
  return {
    vectors: n,
    mode: index.knn.approximate ? 'hnsw' : 'exact',
    buildMs: Math.round(buildMs),
    queryP50Ms: round(median(times)),
    queryP99Ms: round(
      quantile(
        [...times].sort((a, b) => a - b),
        0.99,
      ),
    ),
    exactP50Ms: round(median(exactTimes)),
    referenceP50Ms: round(median(referenceTimes)),
    ratioToExact: round(median(toExact)),
    ratioToReference: round(median(toReference)),
    memoryMb: mb(memory),
    vectorsMb: mb(n * dims * 4),
    persistedMb: mb(persisted),
    recallAt1Close: round(hits[0]! / (queries.length / 2)),
    recallAt1Far: round(hits[1]! / (queries.length / 2)),
    meanSimilarityGap: round(gap / queries.length, 4),
  };
}

async function benchMessage(): Promise<{ chars: number; suffixed: boolean; p50Ms: number; ratioToReference: number }[]> {
  const runtime = seedOnlyRuntime(encoder, models.read(SHIPPED_SEED), models.load(REQUEST_MATCHING));
  const prompt = 'Could you help me plan a three-day trip to Lisbon? I like museums, seafood and walking tours. ';
  // Built like an optimisation suffix, so the hazardous-request partition is searched too.
  const suffix = ' zorbak.]( Plin**QUAD revert "\\!--Tw similarlyNow ({ gleb';
  const cases = [200, 1000, 10_000].flatMap((chars) => [false, true].map((suffixed) => ({ chars, suffixed })));
  const rows: { chars: number; suffixed: boolean; p50Ms: number; ratioToReference: number }[] = [];
  for (const { chars, suffixed } of cases) {
    const base = prompt.repeat(Math.ceil(chars / prompt.length)).slice(0, suffixed ? chars - suffix.length : chars);
    const text = suffixed ? base + suffix : base;
    const times: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < 200; i++) {
      const r = time(referenceWork);
      const t = await timeAsync(() => scoreMessage(runtime, new AnalysedText(text)));
      times.push(t);
      ratios.push(t / r);
    }
    rows.push({ chars, suffixed, p50Ms: round(median(times)), ratioToReference: round(median(ratios)) });
  }
  return rows;
}

/** One message's parts searched against the seed: the int8 product with exact re-ranking, and a float32 product with a top-k per part. */
async function benchPartsSearch(): Promise<{ parts: number; int8P50Ms: number; float32P50Ms: number; ratio: number }> {
  const stored = new Float32Array(seed.entries.length * dims);
  seed.entries.forEach((e, i) => {
    stored.set(e.vector, i * dims);
  });
  const prompt = 'Could you help me plan a three-day trip to Lisbon? I like museums, seafood and walking tours. ';
  const queries = await encodeParts(encoder, new AnalysedText(prompt.repeat(11).slice(0, 1000)).detectionViews);
  const quantised = await QuantisedMatrixSearch.create(stored, dims);
  const float32 = await FixedMatrixSearch.create(stored, dims);
  const int8Times: number[] = [];
  const float32Times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    int8Times.push(await timeAsync(() => quantised.closest(queries, K, 16)));
    float32Times.push(await timeAsync(() => float32.search(queries, K)));
  }
  const int8P50Ms = median(int8Times);
  const float32P50Ms = median(float32Times);
  return { parts: queries.length / dims, int8P50Ms: round(int8P50Ms, 4), float32P50Ms: round(float32P50Ms, 4), ratio: round(int8P50Ms / float32P50Ms) };
}

const results: SizeResult[] = [];
for (const size of values.sizes.split(',').map(Number)) results.push(await benchSize(size));
const scoring = await benchMessage();
const partsSearch = await benchPartsSearch();
console.log(
  `vector filter: encoder ${encoder.version}, ${dims} dimensions, k = ${K}, ${QUERIES} queries per size${globalThis.gc ? '' : ' (run with --expose-gc for steadier memory figures)'}`,
);
console.table(results);
console.log(
  `scoring one message against the shipped seed (${seed.entries.length} attack and ${loadShippedSeed().entries.length - seed.entries.length} request vectors; normalisation, every view and part encoded and searched; requests only for suffixed messages):`,
);
console.table(scoring);
console.log(
  `searching one 1,000-character message's ${partsSearch.parts} parts against the ${seed.entries.length} attack vectors: int8 product and exact re-ranking ${partsSearch.int8P50Ms} ms, float32 product and top-k per part ${partsSearch.float32P50Ms} ms (p50; ratio ${partsSearch.ratio})`,
);
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify({ encoder: encoder.version, results, scoring, partsSearch }, null, 2)}\n`);
