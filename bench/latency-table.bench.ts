/**
 * The appliance's performance figures as an operator meets them, through `rampart serve` over HTTPS on
 * loopback, Level 3 (every guardrail on), benign prose:
 *
 * - server-side `execution_time` of sequential input-checks, warm, for 1,000, 10,000 and 100,000 characters;
 * - the first check after the server reports ready (a fresh process each time);
 * - throughput of 32 concurrent clients against the default number of workers, next to a bare Fastify
 *   HTTPS JSON echo in as many processes: rounds of the echo then the checks, alternated, so that a
 *   change in the machine's speed during the run falls on both alike;
 * - resident memory of the whole appliance after the run's checks (also as proportional set size), and
 *   what a worker adds: the same figure minus that of a one-worker server after as many checks;
 * - where a check's time goes: on a server with one worker, sequential checks of each length and the
 *   mean milliseconds of each guardrail over them, from `rampart_guardrail_duration_seconds`.
 *
 * The machine is shared and its speed moves, so latencies are also given as ratios to a reference
 * workload (sorting 2,000 numbers) timed in this process right before each request; throughput as a
 * ratio to the echo measured in the same run (all rounds' checks over all rounds' echoes, each round's
 * ratio beside it). Prints a Markdown table (and JSON with --json OUT).
 *
 *   node bench/latency-table.bench.ts [--seconds 8] [--rounds 3] [--starts 3] [--checks 100000] [--bin OTHER/bin/rampart.js] [--json OUT]
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request, Agent } from 'node:https';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { quantile } from './lib/measure.ts';
import { serveAppliance, type ServedAppliance, type ServerMemory } from './lib/served.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    starts: { type: 'string', default: '3' },
    checks: { type: 'string', default: '100000' },
    bin: { type: 'string' },
    json: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CHECK = '/apikey/api/guardrail/v1/input-check';
const SENTENCE =
  'I am planning a three-day trip to Lisbon in early spring with my partner; we like walking, food markets, small museums and viewpoints. ' +
  'Could you suggest an itinerary for each day, where to stay, how to get around by public transport, and a day trip by train? ' +
  'We would also like a quiet restaurant for an anniversary dinner, ideally with a view over the river and a vegetarian menu. ';
const prose = (chars: number, salt = '') => (salt + SENTENCE.repeat(Math.ceil(chars / SENTENCE.length))).slice(0, chars);
/** The body of the checks under load: 1,000 characters of prose. */
const LOAD_BODY = JSON.stringify({ message: prose(1000) });

const reference = Float64Array.from({ length: 2000 }, (_, i) => Math.sin(i * 12.9898) * 43758.5453);
function referenceMs(): number {
  const t = performance.now();
  reference.slice().sort();
  return performance.now() - t;
}

interface Series {
  p50: number;
  p99: number;
  referenceP50: number;
  samples: number;
}

function series(times: number[], references: number[]): Series {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    referenceP50: quantile(
      [...references].sort((a, b) => a - b),
      0.5,
    ),
    samples: times.length,
  };
}

/** One HTTPS request to the appliance on loopback; resolves to its status and body. */
function call(server: ServedAppliance, agent: Agent, path: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'x-api-key': server.apiKey };
    const req = request(
      { host: '127.0.0.1', port: server.port, path, method: body === undefined ? 'GET' : 'POST', agent, servername: 'localhost', headers },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One input-check; resolves to the server-side `execution_time` (ms). */
async function check(server: ServedAppliance, agent: Agent, message: string): Promise<number> {
  const res = await call(server, agent, CHECK, JSON.stringify({ message }));
  if (res.status !== 200) throw new Error(`input-check answered ${res.status}: ${res.body}`);
  return (JSON.parse(res.body) as { execution_time: number }).execution_time;
}

/** Sequential checks of `chars` characters for `seconds` (at least 20), each after a reference timing. */
async function sequential(server: ServedAppliance, chars: number, seconds: number): Promise<Series> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: server.ca });
  const times: number[] = [];
  const references: number[] = [];
  const end = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < end || times.length < 20; i++) {
    references.push(referenceMs());
    // A different message each time, so nothing can be answered from a cache.
    times.push(await check(server, agent, prose(chars, `${i} `)));
  }
  agent.destroy();
  return series(times, references);
}

/** One load run: requests a second, latency percentiles (ms), requests served and failed. */
interface LoadRun {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
}

/** 32 clients for `seconds`; requests that failed or timed out (30 s) are counted, not served. */
async function throughput(port: number, path: string, headers: Record<string, string>, ca: string, body: string, seconds: number): Promise<LoadRun> {
  const r = await autocannon({
    url: `https://127.0.0.1:${port}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections: 32,
    duration: seconds,
    timeout: 30,
    tlsOptions: { ca, servername: 'localhost' },
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, failed: r.errors + r.non2xx };
}

async function startEcho(server: ServedAppliance, workers: number): Promise<{ port: number; stop(): void }> {
  const script = fileURLToPath(new URL('./echo-server.ts', import.meta.url));
  const child = spawn(process.execPath, [script, join(server.dataDir, 'tls', 'cert.pem'), join(server.dataDir, 'tls', 'key.pem'), String(workers)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) =>
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port)),
  );
  return { port, stop: () => child.kill('SIGTERM') };
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

// First check after ready: a fresh server each time, its first request timed right after it reports ready.
const firstChecks: Array<{ startMs: number; firstMs: number; reference: number }> = [];
for (let i = 0; i < Number(values.starts); i++) {
  const fresh = await serveAppliance(values.bin);
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: fresh.ca });
  const reference = referenceMs();
  const firstMs = await check(fresh, agent, prose(1000, 'first ')).finally(() => {
    agent.destroy();
    return fresh.stop();
  });
  firstChecks.push({ startMs: fresh.startMs, firstMs, reference });
}

/** `rampart_guardrail_duration_seconds` sums and counts per guardrail, from the server's /metrics. */
async function guardrailTotals(server: ServedAppliance, agent: Agent): Promise<Map<string, { sum: number; count: number }>> {
  const { body } = await call(server, agent, '/metrics');
  const totals = new Map<string, { sum: number; count: number }>();
  for (const m of body.matchAll(/^rampart_guardrail_duration_seconds_(sum|count)\{[^}]*guardrail="([a-z_]+)"[^}]*\} (\S+)$/gm)) {
    const t = totals.get(m[2]!) ?? { sum: 0, count: 0 };
    t[m[1] as 'sum' | 'count'] += Number(m[3]);
    totals.set(m[2]!, t);
  }
  return totals;
}

/**
 * On a server with one worker: per length, the p50 of sequential checks and each guardrail's mean
 * milliseconds over them; then its memory once it has served `checks` checks under load.
 */
async function oneWorker(
  lengths: readonly number[],
  seconds: number,
  checks: number,
): Promise<{ breakdown: Array<{ chars: number; p50Ms: number; guardrailMs: Record<string, number> }>; memory: ServerMemory }> {
  const server = await serveAppliance(values.bin, 1);
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: server.ca });
  try {
    const out = [];
    for (const chars of lengths) {
      const before = await guardrailTotals(server, agent);
      const { p50 } = await sequential(server, chars, seconds);
      const after = await guardrailTotals(server, agent);
      const guardrailMs: Record<string, number> = {};
      for (const [name, t] of after) {
        const b = before.get(name) ?? { sum: 0, count: 0 };
        if (t.count > b.count) guardrailMs[name] = round(((t.sum - b.sum) / (t.count - b.count)) * 1000);
      }
      out.push({ chars, p50Ms: round(p50), guardrailMs });
    }
    await load(server, checks);
    return { breakdown: out, memory: server.memory() };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** Warm latency, throughput next to the echo, and memory after `values.checks` checks, on one server. */
async function measure(server: ServedAppliance) {
  const { workers } = server;
  const warm: Record<string, Series> = {};
  await sequential(server, 1000, 2);
  for (const chars of [1000, 10_000, 100_000]) warm[chars] = await sequential(server, chars, SECONDS);
  const echo = await startEcho(server, workers);
  const rounds: Array<{ echo: LoadRun; check: LoadRun }> = [];
  try {
    for (let r = 0; r < Number(values.rounds); r++) {
      const echoRun = await throughput(echo.port, '/echo', {}, server.ca, LOAD_BODY, SECONDS);
      rounds.push({ echo: echoRun, check: await throughput(server.port, CHECK, { 'x-api-key': server.apiKey }, server.ca, LOAD_BODY, SECONDS) });
    }
  } finally {
    echo.stop();
  }
  const served = rounds.reduce((n, r) => n + r.check.requests, 0);
  const checksServed = served + (await load(server, Number(values.checks) - served));
  return { workers, warm, rounds, checksServed, memory: server.memory() };
}

/** The rounds' runs of one kind as one: requests a second over all of them, the median p50 and the highest p99. */
function combined(runs: readonly LoadRun[]): { rps: number; p50Ms: number; p99Ms: number; failed: number } {
  const sorted = runs.map((r) => r.p50).sort((a, b) => a - b);
  return {
    rps: Math.round(runs.reduce((n, r) => n + r.rps, 0) / runs.length),
    p50Ms: quantile(sorted, 0.5),
    p99Ms: Math.max(...runs.map((r) => r.p99)),
    failed: runs.reduce((n, r) => n + r.failed, 0),
  };
}

/** Keeps 32 clients busy with 1,000-character checks until at least `checks` have been served; returns how many were. */
async function load(server: ServedAppliance, checks: number): Promise<number> {
  let served = 0;
  let rps = 1000;
  while (served < checks) {
    const run = await throughput(
      server.port,
      CHECK,
      { 'x-api-key': server.apiKey },
      server.ca,
      LOAD_BODY,
      Math.min(60, Math.max(1, Math.ceil((checks - served) / rps))),
    );
    served += run.requests;
    rps = Math.max(1, run.rps);
  }
  return served;
}

const server = await serveAppliance(values.bin);
const { workers, warm, rounds, checksServed, memory } = await measure(server).finally(() => server.stop());
const single = await oneWorker([1000, 10_000, 100_000], SECONDS, checksServed);
const breakdown = single.breakdown;
// What each worker beyond the first adds to the appliance, after as many checks.
const perWorker = (m: keyof ServerMemory) => (workers > 1 ? Math.round((memory[m] - single.memory[m]) / (workers - 1)) : memory[m]);

const firstSorted = firstChecks.map((f) => f.firstMs).sort((a, b) => a - b);
const result = {
  workers,
  warm: Object.fromEntries(
    Object.entries(warm).map(([chars, s]) => [
      chars,
      {
        p50Ms: round(s.p50),
        p99Ms: round(s.p99),
        ratioP50ToReference: round(s.p50 / s.referenceP50, 2),
        ratioP99ToReference: round(s.p99 / s.referenceP50, 2),
        referenceP50Ms: round(s.referenceP50),
        samples: s.samples,
      },
    ]),
  ),
  firstCheck: {
    ms: firstChecks.map((f) => round(f.firstMs)),
    medianMs: round(quantile(firstSorted, 0.5)),
    maxMs: round(firstSorted.at(-1)!),
    startToReadyMs: firstChecks.map((f) => Math.round(f.startMs)),
    ratioToReference: round(
      quantile(firstSorted, 0.5) /
        quantile(
          firstChecks.map((f) => f.reference).sort((a, b) => a - b),
          0.5,
        ),
      2,
    ),
  },
  throughput: {
    check: combined(rounds.map((r) => r.check)),
    echo: combined(rounds.map((r) => r.echo)),
    // Rounds last as long as each other, so the ratio of the mean rates is that of all requests served.
    ratio: round(rounds.reduce((n, r) => n + r.check.rps, 0) / rounds.reduce((n, r) => n + r.echo.rps, 0), 3),
    rounds: rounds.map((r) => ({ check: Math.round(r.check.rps), echo: Math.round(r.echo.rps), ratio: round(r.check.rps / r.echo.rps, 3) })),
  },
  perGuardrail: breakdown,
  memory: {
    checks: checksServed,
    applianceRssMb: memory.rssMb,
    appliancePssMb: memory.pssMb,
    oneWorkerRssMb: single.memory.rssMb,
    oneWorkerPssMb: single.memory.pssMb,
    perWorkerRssMb: perWorker('rssMb'),
    perWorkerPssMb: perWorker('pssMb'),
  },
};

const w = result.warm;
console.log(`\nRampart, Level 3, benign prose, HTTPS on loopback, ${workers} worker(s); reference workload p50 ${w[1000]!.referenceP50Ms} ms\n`);
console.log('| measure | absolute | ratio | p99 |');
console.log('|---|---:|---:|---:|');
for (const chars of ['1000', '10000', '100000'])
  console.log(
    `| execution_time, warm, p50, ${Number(chars).toLocaleString('en')} characters | ${w[chars]!.p50Ms} ms | ${w[chars]!.ratioP50ToReference}× reference | ${w[chars]!.p99Ms} ms (${w[chars]!.ratioP99ToReference}×) |`,
  );
console.log(
  `| first check after ready (median of ${firstChecks.length} starts; max) | ${result.firstCheck.medianMs} ms | ${result.firstCheck.ratioToReference}× reference | max ${result.firstCheck.maxMs} ms |`,
);
const t = result.throughput;
const failed = t.check.failed + t.echo.failed > 0 ? ` (failed or timed out: ${t.check.failed} checks, ${t.echo.failed} echoes)` : '';
const perRound = t.rounds.map((r) => `${r.ratio}`).join(', ');
console.log(
  `| throughput, 32 HTTPS clients, ${workers} workers vs echo, ${t.rounds.length} alternated rounds${failed} | ${t.check.rps} vs ${t.echo.rps} req/s | ${t.ratio}× echo (rounds: ${perRound}) | ${t.check.p99Ms} ms vs ${t.echo.p99Ms} ms |`,
);
console.log(
  `| memory after ${checksServed.toLocaleString('en')} checks: RSS added per worker / appliance (one-worker server: ${single.memory.rssMb} MB) | ${result.memory.perWorkerRssMb} MB / ${memory.rssMb} MB | | |`,
);
console.log(`| same, proportional set size (shared pages split) | ${result.memory.perWorkerPssMb} MB / ${memory.pssMb} MB | | |`);
const shown = ['llm', 'vector', 'pii'];
console.log("\nWhere a check's time goes: one worker, sequential checks, mean per guardrail (rampart_guardrail_duration_seconds)\n");
console.log(`| message | execution_time p50 | ${shown.join(' | ')} | the others |`);
console.log('|---|---:|---:|---:|---:|---:|');
for (const b of breakdown) {
  const ms = (name: string) => b.guardrailMs[name] ?? 0;
  const others = Object.entries(b.guardrailMs).filter(([name]) => !shown.includes(name));
  console.log(
    `| ${b.chars.toLocaleString('en')} characters | ${b.p50Ms} ms | ${shown.map((name) => `${ms(name)} ms`).join(' | ')} | ${round(others.reduce((a, [, t]) => a + t, 0))} ms |`,
  );
}
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
