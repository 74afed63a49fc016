import { Worker } from 'node:worker_threads';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { Logger } from 'pino';
import { BREAKER_MEMORY_BYTES } from '../backends/circuit-breaker.ts';
import type { AppConfig } from '../config/app-config.ts';

/**
 * Several worker threads of one process serve the same ports (SO_REUSEPORT: the kernel spreads
 * connections among their listeners), so checks use every CPU core while the process holds Node's
 * code, the native libraries (onnxruntime, usearch), their allocator and the models' weights once.
 * Each thread is a whole appliance otherwise (its own V8 heap, database connection, configuration
 * snapshot, event queue). The main thread loads none of the appliance: it starts the threads,
 * replaces one that ends, gathers their metrics for /metrics, hands them the shared memory of each
 * model backend's circuit breaker (one breaker per backend for the whole server) and stops them all
 * gracefully.
 *
 * First a short-lived thread prepares the data directory (schema, TLS certificate, threat-store seed,
 * bootstrap administrator), reads the models' files into shared memory and ends, taking with it what
 * that work allocated; then the first server thread starts, and once it listens (a port 0 is then
 * known) the others start on its ports. A thread that ends before the server was ever ready stops the
 * whole server with its error, as a single process does.
 */

/**
 * What a thread is started to do (its `workerData`). Serving threads get the model files the
 * preparing thread read into shared memory (model-files.ts).
 */
export type ThreadTask =
  | { role: 'prepare'; config: AppConfig }
  | { role: 'serve'; config: AppConfig; id: number; count: number; modelFiles: ReadonlyMap<string, SharedArrayBuffer> };

/** Messages between the main thread and a server thread. */
export type ThreadMessage =
  | { type: 'rampart:model-files'; files: ReadonlyMap<string, SharedArrayBuffer> }
  | { type: 'rampart:ready'; apiPort: number; dashboardPort: number }
  | { type: 'rampart:metrics-request'; id: number }
  | { type: 'rampart:metrics-response'; id: number; text: string }
  | { type: 'rampart:metrics-collect'; id: number }
  | { type: 'rampart:metrics-part'; id: number; metrics: MetricObjectWithValues<MetricValue<string>>[] }
  | { type: 'rampart:breaker-request'; id: number; backendId: string; version: string }
  | { type: 'rampart:breaker-memory'; id: number; memory: SharedArrayBuffer }
  | { type: 'rampart:stop' };

const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 30_000;
const METRICS_TIMEOUT_MS = 5_000;
const THREAD_SCRIPT = new URL('./server-thread.ts', import.meta.url);

/** Sizes of the server's V8 heaps (MB) unless the operator set their own; see `serverProcessSettings`. */
const SEMI_SPACE_MB = 16;
const OLD_SPACE_MB = 1024;
/** How much the old generation may grow past what survived a full collection before the next (percent). */
const HEAP_GROWING_PERCENT = 100;
/** glibc's initial mmap threshold (128 KiB), kept fixed in the server process. */
const MMAP_THRESHOLD_BYTES = 128 * 1024;

/** The value of the last of Node's options `names` (from its command line, then NODE_OPTIONS), if any. */
function optionValue(execArgv: readonly string[], env: NodeJS.ProcessEnv, names: readonly string[]): number | undefined {
  const options = [...(env.NODE_OPTIONS ?? '').split(/\s+/), ...execArgv];
  const found = options.filter((o) => names.some((n) => o.startsWith(`--${n}=`))).at(-1);
  return found === undefined ? undefined : Number(found.slice(found.indexOf('=') + 1));
}

/**
 * What `rampart serve` adds to its own Node options and environment, unless the operator gave their
 * own (docs/operations.md, sizing); it starts itself again with them (`process.execve`: the same process,
 * before anything runs), as V8 and glibc read them when a process starts.
 * - Young generation: V8 sizes it from the machine's memory (up to 3 × 32 MB semi-spaces on a large
 *   host); a check allocates little that survives, so 16 MB semi-spaces cost no measurable latency
 *   and save memory on every heap.
 * - Old generation: V8 lets a heap whose limit is 2 GB or more grow to four times what survived the
 *   last full collection before the next one; under a 1 GB limit it grows by about 1.4 times, which
 *   keeps a worker's heap far smaller. But V8 also starts marking once the room left is about what
 *   the young generation may promote, so with that little room full collections come often, each
 *   tracing the whole live heap on the same cores that serve checks. Growing by 100 % (twice the
 *   live heap) makes them several times rarer, for a little more resident memory. The measurements
 *   are in docs/performance.md (server process settings).
 * - glibc gives each thread (server threads, libuv's and V8's) an arena of its own, up to eight a
 *   core, and keeps what is freed in each resident: two arenas are enough. It also raises its mmap
 *   threshold each time a large block is freed (up to 32 MB), after which large blocks come from an
 *   arena and stay resident once freed, such as the copies made while an onnxruntime session of the
 *   threat matrix is built (exact-search.ts): a fixed threshold maps them on their own and returns
 *   them to the system when freed.
 */
export function serverProcessSettings(execArgv: readonly string[], env: NodeJS.ProcessEnv): { options: string[]; env: Record<string, string> } {
  return {
    options: [
      ...(optionValue(execArgv, env, ['max-semi-space-size', 'semi-space-size']) === undefined ? [`--max-semi-space-size=${SEMI_SPACE_MB}`] : []),
      ...(optionValue(execArgv, env, ['max-old-space-size']) === undefined ? [`--max-old-space-size=${OLD_SPACE_MB}`] : []),
      ...(optionValue(execArgv, env, ['heap-growing-percent']) === undefined ? [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`] : []),
    ],
    env: {
      ...(env.MALLOC_ARENA_MAX === undefined ? { MALLOC_ARENA_MAX: '2' } : {}),
      ...(env.MALLOC_MMAP_THRESHOLD_ === undefined ? { MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES) } : {}),
    },
  };
}

/** A server thread's heap limits: its process's (a semi-space is a third of the young generation). */
export function threadResourceLimits(
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv,
): { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number } {
  const semiSpace = optionValue(execArgv, env, ['max-semi-space-size', 'semi-space-size']) ?? SEMI_SPACE_MB;
  return { maxYoungGenerationSizeMb: 3 * semiSpace, maxOldGenerationSizeMb: optionValue(execArgv, env, ['max-old-space-size']) ?? OLD_SPACE_MB };
}

/** Metrics of the process itself (CPU, resident memory, open files) are the same in every thread: counted once. */
function aggregated(parts: MetricsPart[]): Promise<string> {
  const once = parts.map((metrics) => metrics.map((m) => (m.name.startsWith('rampart_process_') ? { ...m, aggregator: 'first' as const } : m)));
  return AggregatorRegistry.aggregate(once).metrics();
}

interface Ports {
  apiPort: number;
  dashboardPort: number;
}

type MetricsPart = MetricObjectWithValues<MetricValue<string>>[];

/** The server threads of one process, seen from the main thread. */
export class ServerThreads {
  /** Resolves with the ports once every thread has listened for the first time. */
  readonly ready: Promise<Ports>;
  /** Resolves once every thread has ended after `stop`; rejects when a thread ended before the server was ready. */
  readonly stopped: Promise<void>;
  readonly #config: AppConfig;
  readonly #count: number;
  readonly #log: Logger;
  readonly #start: (task: ThreadTask) => Worker;
  readonly #modelFiles: ReadonlyMap<string, SharedArrayBuffer>;
  readonly #threads = new Map<number, Worker>();
  /** Threads listening now, by id. */
  readonly #listening = new Set<number>();
  readonly #gathering = new Map<number, { parts: MetricsPart[]; waiting: number; done: () => void }>();
  /** Each model backend's circuit breaker memory, for the newest version of its settings a thread asked about. */
  readonly #breakers = new Map<string, { version: string; memory: SharedArrayBuffer }>();
  #nextGathering = 1;
  #ports: Ports | undefined;
  #announced = false;
  #stopping = false;
  #startupFailure: unknown;
  #announce!: (ports: Ports) => void;
  #settle!: { resolve: () => void; reject: (err: unknown) => void };

  private constructor(config: AppConfig, count: number, log: Logger, start: (task: ThreadTask) => Worker, modelFiles: ReadonlyMap<string, SharedArrayBuffer>) {
    this.#config = config;
    this.#modelFiles = modelFiles;
    this.#count = count;
    this.#log = log;
    this.#start = start;
    this.ready = new Promise((resolve) => {
      this.#announce = resolve;
    });
    this.stopped = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
  }

  /**
   * Prepares the data directory in a thread of its own, then starts `count` server threads running
   * `script` (server-thread.ts; tests give others). Rejects with the error that stopped the preparation.
   */
  static async start(config: AppConfig, count: number, log: Logger, script: URL = THREAD_SCRIPT): Promise<ServerThreads> {
    const resourceLimits = threadResourceLimits(process.execArgv, process.env);
    const start = (task: ThreadTask) => new Worker(script, { workerData: task, resourceLimits });
    let modelFiles: ReadonlyMap<string, SharedArrayBuffer> = new Map();
    await new Promise<void>((resolve, reject) => {
      let failure: unknown;
      const preparing = start({ role: 'prepare', config });
      preparing.on('message', (message: ThreadMessage) => {
        if (message.type === 'rampart:model-files') modelFiles = message.files;
      });
      preparing.on('error', (err) => {
        failure = err;
      });
      preparing.on('exit', (code) =>
        code === 0 ? resolve() : reject(failure ?? new Error(`The server stopped: preparing its data directory ended with exit code ${code}.`)),
      );
    });
    const server = new ServerThreads(config, count, log, start, modelFiles);
    server.#spawn(1);
    return server;
  }

  /** Stops every thread gracefully (in-flight requests finish, queued events are written); ends one that takes too long. */
  stop(signal?: string): void {
    if (this.#stopping) return;
    this.#stopping = true;
    if (signal) this.#log.info({ signal }, 'shutting down');
    if (this.#threads.size === 0) {
      this.#finish();
      return;
    }
    const killer = setTimeout(() => {
      for (const t of this.#threads.values()) void t.terminate();
    }, STOP_TIMEOUT_MS).unref();
    this.stopped.finally(() => clearTimeout(killer)).catch(() => undefined);
    for (const t of this.#threads.values()) t.postMessage({ type: 'rampart:stop' } satisfies ThreadMessage);
  }

  #finish(): void {
    if (this.#startupFailure === undefined) this.#settle.resolve();
    else this.#settle.reject(this.#startupFailure);
  }

  #spawn(id: number): void {
    const config = this.#ports ? { ...this.#config, ...this.#ports } : this.#config;
    const thread = this.#start({ role: 'serve', id, count: this.#count, config, modelFiles: this.#modelFiles });
    this.#threads.set(id, thread);
    thread.on('message', (message: ThreadMessage) => this.#receive(id, thread, message));
    let failure: unknown;
    thread.on('error', (err) => {
      failure = err;
      this.#log.error({ err, worker: id }, 'worker failed');
    });
    thread.on('exit', (code) => {
      this.#listening.delete(id);
      this.#threads.delete(id);
      if (!this.#stopping && !this.#announced) {
        // It could not start (a port in use, unreadable TLS material…); starting it again would only repeat it.
        this.#startupFailure = failure ?? new Error(`The server stopped: a worker ended with exit code ${code} before the server was ready.`);
        this.stop();
      }
      if (this.#stopping) {
        if (this.#threads.size === 0) this.#finish();
        return;
      }
      this.#log.error({ worker: id, code }, 'worker stopped unexpectedly; starting a new one');
      // Not unref'd: when every thread has ended, this timer is all that keeps the process alive to restart them.
      setTimeout(() => !this.#stopping && this.#spawn(id), RESTART_DELAY_MS);
    });
  }

  #receive(id: number, thread: Worker, message: ThreadMessage): void {
    if (message.type === 'rampart:ready') {
      const ports = { apiPort: message.apiPort, dashboardPort: message.dashboardPort };
      this.#listening.add(id);
      if (!this.#ports) {
        this.#ports = ports;
        if (!this.#stopping) for (let other = 2; other <= this.#count; other++) this.#spawn(other);
      }
      if (this.#listening.size === this.#count && !this.#announced) {
        this.#announced = true;
        this.#log.info({ api_port: ports.apiPort, dashboard_port: ports.dashboardPort, workers: this.#count, data_dir: this.#config.dataDir }, 'rampart ready');
        this.#announce(ports);
      }
    } else if (message.type === 'rampart:metrics-request') {
      this.#gather().then(
        (text) => thread.postMessage({ type: 'rampart:metrics-response', id: message.id, text } satisfies ThreadMessage),
        (err: unknown) => {
          this.#log.error({ err }, 'gathering metrics of the workers failed');
          thread.postMessage({ type: 'rampart:metrics-response', id: message.id, text: '' } satisfies ThreadMessage);
        },
      );
    } else if (message.type === 'rampart:breaker-request') {
      thread.postMessage({
        type: 'rampart:breaker-memory',
        id: message.id,
        memory: this.#breakerMemory(message.backendId, message.version),
      } satisfies ThreadMessage);
    } else if (message.type === 'rampart:metrics-part') {
      const gathering = this.#gathering.get(message.id);
      if (!gathering) return;
      gathering.parts.push(message.metrics);
      if (--gathering.waiting === 0) gathering.done();
    }
  }

  /**
   * The breaker memory of a backend's settings version (its update time): shared by every thread
   * that asks for the same version. A thread still on an older version (it has not reloaded yet)
   * gets a breaker of its own until it does.
   */
  #breakerMemory(backendId: string, version: string): SharedArrayBuffer {
    const known = this.#breakers.get(backendId);
    if (known?.version === version) return known.memory;
    const memory = new SharedArrayBuffer(BREAKER_MEMORY_BYTES);
    if (!known || known.version < version) this.#breakers.set(backendId, { version, memory });
    return memory;
  }

  /** Every listening thread's metrics, aggregated; a thread that does not answer in time is left out. */
  async #gather(): Promise<string> {
    const id = this.#nextGathering++;
    const targets = [...this.#listening].map((n) => this.#threads.get(n)).filter((t): t is Worker => t !== undefined);
    const parts: MetricsPart[] = [];
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, METRICS_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#gathering.set(id, { parts, waiting: targets.length, done });
      for (const t of targets) t.postMessage({ type: 'rampart:metrics-collect', id } satisfies ThreadMessage);
      if (targets.length === 0) done();
    });
    this.#gathering.delete(id);
    return aggregated(parts);
  }
}

/** Runs a server of `count` threads until SIGTERM or SIGINT: resolves when it has stopped, rejects when it could not start. */
export async function runServerThreads(config: AppConfig, count: number, log: Logger): Promise<void> {
  const server = await ServerThreads.start(config, count, log);
  process.on('SIGTERM', () => server.stop('SIGTERM'));
  process.on('SIGINT', () => server.stop('SIGINT'));
  await server.stopped;
  log.info('rampart stopped');
}
