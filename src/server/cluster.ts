import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.ts';

/**
 * Several processes serve the same ports so checks use every CPU core: the primary forks the workers,
 * restarts one that dies, gathers their metrics for /metrics and stops them all gracefully. Each
 * worker is a complete appliance (its own database connection, configuration snapshot and event
 * queue; cluster-worker.ts); the kernel spreads connections among them.
 *
 * The primary loads none of the appliance (web apps, store, models), which it would hold for nothing
 * once the workers run. The first worker prepares the data directory before it builds its appliance
 * (with the models it then serves with) and tells the primary, which only then forks the others: none
 * of them races it to seed the threat store or create the bootstrap administrator, and a worker
 * started again after a crash finds the directory prepared. If the first worker ends before that, its
 * error is printed and the whole server stops, as a single process does.
 */

export type ClusterMessage =
  | { type: 'rampart:prepared' }
  | { type: 'rampart:ready'; apiPort: number; dashboardPort: number }
  | { type: 'rampart:metrics-request'; id: string }
  | { type: 'rampart:metrics-response'; id: string; text: string };

const RESTART_DELAY_MS = 1_000;
/** glibc's initial mmap threshold (128 KiB), kept fixed in workers (see `workerMemorySettings`). */
const MMAP_THRESHOLD_BYTES = 128 * 1024;
const STOP_TIMEOUT_MS = 30_000;

/**
 * The primary tells each worker its place, and whether it prepares the data directory, through the
 * environment of the fork (cluster-internal, not a setting): read once, by `runWorker`.
 */
const WORKER_ID = 'RAMPART_WORKER_ID';
const WORKER_COUNT = 'RAMPART_WORKER_COUNT';
const WORKER_PREPARES = 'RAMPART_WORKER_PREPARES';

export function workerPlace(env: NodeJS.ProcessEnv): { id: number; count: number; prepares: boolean } {
  const id = Number(env[WORKER_ID]);
  const count = Number(env[WORKER_COUNT]);
  if (!Number.isInteger(id) || !Number.isInteger(count) || id < 1 || id > count) {
    throw new Error(`A worker process needs ${WORKER_ID} and ${WORKER_COUNT} from its primary process.`);
  }
  return { id, count, prepares: env[WORKER_PREPARES] === '1' };
}

/**
 * Memory settings of a worker, unless the operator gave their own (README, sizing). V8 sizes the
 * young generation from the machine's memory (up to 3 × 32 MB semi-spaces on a large host); a check
 * allocates little that survives, so 16 MB semi-spaces cost no measurable latency and save about
 * 100 MB per worker. glibc's default of one malloc arena per thread and core keeps freed native
 * memory of the libuv and V8 threads resident; two arenas are enough for a worker. glibc also raises
 * its mmap threshold each time a large block is freed (up to 32 MB), after which large blocks come
 * from the heap and stay resident once freed — such as the copies made while an onnxruntime session
 * of the threat matrix is built (exact-search.ts): a fixed threshold maps them on their own and
 * returns them to the system when freed.
 */
export function workerMemorySettings(execArgv: readonly string[], env: NodeJS.ProcessEnv): { execArgv: string[]; env: Record<string, string> } {
  const flags = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const semiSpaceSet = flags.some((f) => /^--(max-)?semi-space-size/.test(f));
  return {
    execArgv: semiSpaceSet ? [...execArgv] : [...execArgv, '--max-semi-space-size=16'],
    env: {
      ...(env.MALLOC_ARENA_MAX === undefined ? { MALLOC_ARENA_MAX: '2' } : {}),
      ...(env.MALLOC_MMAP_THRESHOLD_ === undefined ? { MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES) } : {}),
    },
  };
}

/** Runs the primary process: resolves when the server has stopped, rejects when the data directory could not be prepared. */
export async function runPrimary(config: AppConfig, workers: number, log: Logger): Promise<void> {
  const aggregator = new AggregatorRegistry();
  const memory = workerMemorySettings(process.execArgv, process.env);
  cluster.setupPrimary({ execArgv: memory.execArgv });
  let stopping = false;
  let prepared = false;
  const ready = new Map<number, { apiPort: number; dashboardPort: number }>();
  let announced = false;

  await new Promise<void>((resolve, reject) => {
    const fork = (id: number): Worker => {
      const worker = cluster.fork({ ...memory.env, [WORKER_ID]: String(id), [WORKER_COUNT]: String(workers), [WORKER_PREPARES]: prepared ? '0' : '1' });
      worker.on('message', (message: ClusterMessage) => {
        if (message.type === 'rampart:prepared') {
          prepared = true;
          if (!stopping) for (let other = 2; other <= workers; other++) fork(other);
        } else if (message.type === 'rampart:ready') {
          ready.set(id, { apiPort: message.apiPort, dashboardPort: message.dashboardPort });
          if (!announced && ready.size === workers) {
            announced = true;
            log.info({ api_port: message.apiPort, dashboard_port: message.dashboardPort, workers, data_dir: config.dataDir }, 'rampart ready');
          }
        } else if (message.type === 'rampart:metrics-request') {
          aggregator.clusterMetrics().then(
            (text) => worker.send({ type: 'rampart:metrics-response', id: message.id, text } satisfies ClusterMessage),
            (err: unknown) => {
              log.error({ err }, 'gathering metrics of the workers failed');
              worker.send({ type: 'rampart:metrics-response', id: message.id, text: '' } satisfies ClusterMessage);
            },
          );
        }
      });
      worker.on('exit', (code, signal) => {
        ready.delete(id);
        if (stopping) return;
        if (!prepared) {
          // The worker printed its error (a wrong credentials key, unreadable TLS material…); starting it
          // again would only repeat it. No other worker runs yet.
          stopping = true;
          reject(new Error(`The server stopped: its first process could not prepare the data directory (${signal ? `signal ${signal}` : `exit code ${code}`}).`));
          return;
        }
        log.error({ worker: id, code, signal }, 'worker stopped unexpectedly; starting a new one');
        // Not unref'd: when every worker has died, this timer is all that keeps the primary alive to restart them.
        setTimeout(() => !stopping && fork(id), RESTART_DELAY_MS);
      });
      return worker;
    };
    fork(1);

    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down');
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
      if (alive.length === 0) return resolve();
      let left = alive.length;
      const killer = setTimeout(() => {
        for (const w of alive) w.process.kill('SIGKILL');
      }, STOP_TIMEOUT_MS).unref();
      for (const worker of alive) {
        worker.once('exit', () => {
          if (--left === 0) {
            clearTimeout(killer);
            resolve();
          }
        });
        worker.process.kill('SIGTERM');
      }
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
  log.info('rampart stopped');
}
