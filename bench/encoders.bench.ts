/**
 * What an ONNX transformer classifier backend costs on the CPU: BERT-style encoders of the shapes
 * public prompt-injection classifiers have (6 × 384, 12 × 384 and 12 × 768 layers × width; float32
 * and dynamically quantised int8), written with the project's ONNX writer and random weights (see
 * lib/encoder-model.ts), each run on one window of 128, 256 and 512 tokens with one intra-op thread,
 * i.e. on one core. The built-in detector scoring a 1,000-character prompt (all heads) is the
 * baseline, timed in the same rounds.
 *
 * Every round times one run of each configuration and of the baseline, in a rotating order, so
 * machine load hits all alike. CPU time (process.cpuUsage, which a busy machine inflates far less
 * than wall time) is the main figure; wall time is printed too. Prints medians, p99 and the ratio
 * of each median to the baseline's.
 *
 *   node bench/encoders.bench.ts [--rounds 20] [--json OUT]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import ort from 'onnxruntime-node';
import { DETECTOR_MODEL_NAME, DetectorModel } from '../src/detector/detector-model.ts';
import { SHIPPED_MODELS_DIR } from '../src/models/model-library.ts';
import { AnalysedText } from '../src/text/analysed-text.ts';
import { encoderModelBytes } from './lib/encoder-model.ts';
import { quantile } from './lib/measure.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' }, json: { type: 'string' } } });
const ROUNDS = Number(values.rounds);
const SHAPES = [
  { layers: 6, width: 384 },
  { layers: 12, width: 384 },
  { layers: 12, width: 768 },
] as const;
const WINDOWS = [128, 256, 512] as const;

interface Sample {
  cpuMs: number;
  wallMs: number;
}

/** Times `work` in CPU and wall milliseconds. */
async function timed(work: () => unknown): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs };
}

const detector = DetectorModel.load(join(SHIPPED_MODELS_DIR, DETECTOR_MODEL_NAME));
const prompt = 'Could you help me plan a three-day trip to Lisbon? I like museums, seafood and walking tours, and I would rather avoid very crowded places. '
  .repeat(8)
  .slice(0, 1000);
const baseline = () => detector.score(new AnalysedText(prompt).detectionViews);

interface Config {
  name: string;
  layers: number;
  width: number;
  int8: boolean;
  tokens: number;
  sizeMB: number;
  run: () => Promise<unknown>;
}

const configs: Config[] = [];
for (const shape of SHAPES) {
  for (const int8 of [false, true]) {
    const bytes = encoderModelBytes({ ...shape, int8 });
    const session = await ort.InferenceSession.create(bytes, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
    });
    for (const tokens of WINDOWS) {
      // Token ids of a full window (a text cut to fit): which ids they are does not change the work.
      const ids = BigInt64Array.from({ length: tokens }, (_, i) => BigInt(1000 + ((i * 7919) % 28_000)));
      const feeds = {
        input_ids: new ort.Tensor('int64', ids, [1, tokens]),
        attention_mask: new ort.Tensor('int64', new BigInt64Array(tokens).fill(1n), [1, tokens]),
      };
      configs.push({
        name: `${shape.layers}×${shape.width} ${int8 ? 'int8' : 'fp32'} ${tokens}`,
        ...shape,
        int8,
        tokens,
        sizeMB: bytes.length / 1e6,
        run: () => session.run(feeds),
      });
    }
  }
}

const runs: { name: string; run: () => unknown }[] = [{ name: 'baseline', run: baseline }, ...configs];
const samples = new Map<string, Sample[]>(runs.map((r) => [r.name, []]));
// Warm-up: onnxruntime plans memory on a session's first runs; the detector fills its caches.
for (const r of runs) for (let i = 0; i < 2; i++) await r.run();
for (let i = 0; i < 200; i++) baseline();
for (let round = 0; round < ROUNDS; round++) {
  const shift = round % runs.length;
  for (const r of [...runs.slice(shift), ...runs.slice(0, shift)]) {
    // The baseline takes well under a millisecond: a batch of 50, averaged, per sample.
    const sample = r.name === 'baseline' ? await timed(() => Array.from({ length: 50 }, baseline)) : await timed(r.run);
    samples.get(r.name)!.push(r.name === 'baseline' ? { cpuMs: sample.cpuMs / 50, wallMs: sample.wallMs / 50 } : sample);
  }
}

const summary = (name: string) => {
  const list = samples.get(name)!;
  const cpu = list.map((s) => s.cpuMs).sort((a, b) => a - b);
  const wall = list.map((s) => s.wallMs).sort((a, b) => a - b);
  return { cpuP50: quantile(cpu, 0.5), cpuP99: quantile(cpu, 0.99), wallP50: quantile(wall, 0.5), wallP99: quantile(wall, 0.99), samples: list.length };
};
const base = summary('baseline');
const rows = configs.map((c) => {
  const s = summary(c.name);
  return {
    model: `${c.layers}×${c.width}`,
    precision: c.int8 ? 'int8' : 'fp32',
    tokens: c.tokens,
    sizeMB: Number(c.sizeMB.toFixed(1)),
    ...s,
    vsBuiltIn: s.cpuP50 / base.cpuP50,
  };
});

const f = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
console.log(`${ROUNDS} rounds; 1-minute load average at the end ${loadavg()[0]!.toFixed(1)} on ${navigator.hardwareConcurrency} cores`);
console.log(
  `baseline, built-in detector on 1,000 characters (all heads): CPU p50 ${base.cpuP50.toFixed(3)} ms, p99 ${base.cpuP99.toFixed(3)} ms; wall p50 ${base.wallP50.toFixed(3)} ms\n`,
);
console.log('| model (layers × width) | precision | tokens | model.onnx (MB) | CPU ms p50 | CPU ms p99 | wall ms p50 | wall ms p99 | CPU p50 / built-in |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.model} | ${r.precision} | ${r.tokens} | ${r.sizeMB} | ${f(r.cpuP50)} | ${f(r.cpuP99)} | ${f(r.wallP50)} | ${f(r.wallP99)} | ${Math.round(r.vsBuiltIn)}× |`,
  );
}
if (values.json) writeFileSync(values.json, `${JSON.stringify({ rounds: ROUNDS, loadAverage: loadavg()[0], baseline: base, rows }, null, 2)}\n`);
