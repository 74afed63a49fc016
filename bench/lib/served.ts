import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/rampart.js', import.meta.url));

/** Memory of the server process and of any child processes it has (an earlier build's worker processes), in MB. */
export interface ServerMemory {
  /** Resident set sizes added up: a page mapped by several processes counts once in each. */
  rssMb: number;
  /** Proportional set sizes added up: a page mapped by several processes is split among them. */
  pssMb: number;
}

export interface ServedAppliance {
  port: number;
  dataDir: string;
  apiKey: string;
  ca: string;
  /** Milliseconds from the process start until it reported ready. */
  startMs: number;
  /** Workers serving (threads of the server process; 1 when it serves alone). */
  workers: number;
  /** Memory of the whole appliance, now. */
  memory(): ServerMemory;
  stop(): Promise<void>;
}

/** Limits that would otherwise shape a benchmark: no rate limits, messages up to 200,000 characters. */
const BENCH_ENV = { RAMPART_RATE_LIMIT_PER_KEY: '0', RAMPART_RATE_LIMIT_PER_IP: '0', RAMPART_MAX_MESSAGE_CHARS: '200000', RAMPART_LOG_LEVEL: 'info' };

/**
 * `rampart serve` as an operator runs it (default workers unless `workers` is given), on loopback
 * with a fresh data directory and one Level 3 Runtime LLM created beforehand with the CLI. `bin` may
 * name another copy of the CLI, e.g. an earlier build to compare with.
 */
export async function serveAppliance(bin = BIN, workers?: number): Promise<ServedAppliance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-bench-'));
  const env = { ...process.env, ...BENCH_ENV, ...(workers === undefined ? {} : { RAMPART_WORKERS: String(workers) }) };
  const created = JSON.parse(
    execFileSync(process.execPath, [bin, 'runtime-llm', 'create', '--data-dir', dataDir, '--name', 'bench', '--json'], { env, encoding: 'utf8' }),
  ) as { api_key: string };
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'serve', '--data-dir', dataDir, '--api-port', '0', '--dashboard-port', '0', '--host', '127.0.0.1'],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await new Promise<{ api_port: number; workers?: number }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; api_port?: number; workers?: number };
      if (entry.msg === 'rampart ready') resolve(entry as { api_port: number; workers?: number });
    });
    child.once('exit', (code) => reject(new Error(`rampart serve exited with ${code}`)));
  });
  const startMs = performance.now() - started;
  const processes = () => [child.pid!, ...childrenOf(child.pid!)];
  return {
    port: ready.api_port,
    workers: ready.workers ?? 1,
    dataDir,
    apiKey: created.api_key,
    ca: readFileSync(join(dataDir, 'tls', 'cert.pem'), 'utf8'),
    startMs,
    memory: () => ({ rssMb: processes().reduce((mb, pid) => mb + rssMb(pid), 0), pssMb: processes().reduce((mb, pid) => mb + pssMb(pid), 0) }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A process's memory figure in MB, read from the kB value of `field` in /proc/<pid>/`file`. */
function procMb(pid: number, file: string, field: string): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

const rssMb = (pid: number) => procMb(pid, 'status', 'VmRSS');
const pssMb = (pid: number) => procMb(pid, 'smaps_rollup', 'Pss');

function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}
