// npm run bench: input-check throughput and latency against a bare echo route served by the same
// stack in the same run. Server and load generator run in separate processes.
import autocannon from 'autocannon';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { sequentialLatency, type Latency } from './lib/measure.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SENTENCE =
  'I am planning a three-day trip to Lisbon in early spring with my partner; we like walking, food markets, small museums and viewpoints. ' +
  'Could you suggest an itinerary for each day, where to stay, how to get around by public transport, and a day trip by train? ';
const PROMPT = SENTENCE.repeat(5).slice(0, 1000);
const BODY = JSON.stringify({ message: PROMPT });
const CHECK = '/apikey/api/guardrail/v1/input-check';
const ECHO = '/bench/echo';

const sequential = (server: BenchServer, path: string, seconds: number) =>
  sequentialLatency({ url: `https://127.0.0.1:${server.port}${path}`, headers: { 'x-api-key': server.apiKey }, body: BODY, ca: server.ca }, seconds);

/** Many connections at once: throughput. */
async function throughput(server: BenchServer, path: string, seconds: number, connections: number): Promise<Latency> {
  const r = await autocannon({
    url: `https://127.0.0.1:${server.port}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.apiKey },
    body: BODY,
    connections,
    duration: seconds,
    tlsOptions: { ca: server.ca, servername: 'localhost' },
  });
  if (r.errors || r.non2xx) throw new Error(`${path}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, samples: r.requests.total };
}

const server = await startBenchServer();
try {
  await sequential(server, CHECK, 2); // warm-up: JIT and model weights in cache
  const rows: [string, Latency, Latency][] = [
    ['1 connection, sequential', await sequential(server, ECHO, SECONDS), await sequential(server, CHECK, SECONDS)],
    ['32 connections', await throughput(server, ECHO, SECONDS, 32), await throughput(server, CHECK, SECONDS, 32)],
  ];
  console.log(
    `\nCheck API benchmark: ${SECONDS} s per phase, ${PROMPT.length}-character prompt, all guardrails of level 3, HTTPS on loopback, one server process\n`,
  );
  console.log('| load | route | req/s | p50 ms | p99 ms | req/s ratio to echo | p50 ratio to echo |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [load, echo, check] of rows) {
    console.log(`| ${load} | echo | ${Math.round(echo.rps)} | ${echo.p50.toFixed(3)} | ${echo.p99.toFixed(3)} | 1.00 | 1.00 |`);
    console.log(
      `| ${load} | input-check | ${Math.round(check.rps)} | ${check.p50.toFixed(3)} | ${check.p99.toFixed(3)} | ${(check.rps / echo.rps).toFixed(2)} | ${(check.p50 / echo.p50).toFixed(2)} |`,
    );
  }
} finally {
  server.stop();
}
