// npm run bench: input-check throughput and latency against a bare echo route served by the same
// stack in the same run. Server and load generator run in separate processes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SENTENCE =
  'I am planning a three-day trip to Lisbon in early spring with my partner; we like walking, food markets, small museums and viewpoints. ' +
  'Could you suggest an itinerary for each day, where to stay, how to get around by public transport, and a day trip by train? ';
const PROMPT = SENTENCE.repeat(5).slice(0, 1000);
const CHECK = '/apikey/api/guardrail/v1/input-check';
const ECHO = '/bench/echo';

interface Target {
  port: number;
  apiKey: string;
  ca: string;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** One connection, one request at a time, timed with the high-resolution clock. */
async function latency(target: Target, path: string, seconds: number): Promise<{ p50: number; p99: number; rps: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: target.ca });
  const body = JSON.stringify({ message: PROMPT });
  const samples: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = process.hrtime.bigint();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: target.port, path, method: 'POST', agent, servername: 'localhost', headers: { 'content-type': 'application/json', 'x-api-key': target.apiKey } },
        (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)),
      );
      req.on('error', reject);
      req.end(body);
    });
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), rps: samples.length / seconds };
}

/** Many connections at once: throughput. */
async function throughput(target: Target, path: string, seconds: number, connections: number): Promise<{ p50: number; p99: number; rps: number }> {
  const r = await autocannon({
    url: `https://127.0.0.1:${target.port}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': target.apiKey },
    body: JSON.stringify({ message: PROMPT }),
    connections,
    duration: seconds,
    tlsOptions: { ca: target.ca, servername: 'localhost' },
  });
  if (r.errors || r.non2xx) throw new Error(`${path}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-bench-'));
  const server = spawn(process.execPath, [fileURLToPath(new URL('./check-api-server.ts', import.meta.url)), dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const ready = await new Promise<{ port: number; apiKey: string }>((resolve) => {
      createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    });
    const target: Target = { ...ready, ca: readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8') };
    await latency(target, CHECK, 2); // warm-up: JIT and model weights in cache
    const rows: [string, { p50: number; p99: number; rps: number }, { p50: number; p99: number; rps: number }][] = [
      ['1 connection, sequential', await latency(target, ECHO, SECONDS), await latency(target, CHECK, SECONDS)],
      ['32 connections', await throughput(target, ECHO, SECONDS, 32), await throughput(target, CHECK, SECONDS, 32)],
    ];
    console.log(`\nCheck API benchmark: ${SECONDS} s per phase, ${PROMPT.length}-character prompt, all guardrails of level 3, HTTPS on loopback, server in its own process\n`);
    console.log('| load | route | req/s | p50 ms | p99 ms | req/s ratio to echo | p50 ratio to echo |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [load, echo, check] of rows) {
      console.log(`| ${load} | echo | ${Math.round(echo.rps)} | ${echo.p50.toFixed(3)} | ${echo.p99.toFixed(3)} | 1.00 | 1.00 |`);
      console.log(`| ${load} | input-check | ${Math.round(check.rps)} | ${check.p50.toFixed(3)} | ${check.p99.toFixed(3)} | ${(check.rps / echo.rps).toFixed(2)} | ${(check.p50 / echo.p50).toFixed(2)} |`);
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
