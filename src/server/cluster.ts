import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.ts';
import { buildAppliance, prepareDataDirectory, type RunningAppliance } from './appliance.ts';

/**
 * Several processes serve the same ports so checks use every CPU core: the primary prepares the data
 * directory once, forks the workers, restarts one that dies, gathers their metrics for /metrics and
 * stops them all gracefully. Each worker is a complete appliance (its own database connection,
 * configuration snapshot and event queue); the kernel spreads connections among them.
 */

type Message =
  | { type: 'rampart:ready'; apiPort: number; dashboardPort: number }
  | { type: 'rampart:metrics-request'; id: string }
  | { type: 'rampart:metrics-response'; id: string; text: string };

const RESTART_DELAY_MS = 1_000;
/** glibc's initial mmap threshold (128 KiB), kept fixed in workers (see `workerMemorySettings`). */
const MMAP_THRESHOLD_BYTES = 128 * 1024;
const STOP_TIMEOUT_MS = 30_000;

/**
 * The primary tells each worker its place through the environment of the fork (cluster-internal, not
 * a setting): read once, by `runWorker`.
 */
const WORKER_ID = 'RAMPART_WORKER_ID';
const WORKER_COUNT = 'RAMPART_WORKER_COUNT';

function workerPlace(env: NodeJS.ProcessEnv): { id: number; count: number } {
  const id = Number(env[WORKER_ID]);
  const count = Number(env[WORKER_COUNT]);
  if (!Number.isInteger(id) || !Number.isInteger(count) || id < 1 || id > count) {
    throw new Error(`A worker process needs ${WORKER_ID} and ${WORKER_COUNT} from its primary process.`);
  }
  return { id, count };
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

/** Runs the primary process: resolves when the server has stopped. */
export async function runPrimary(config: AppConfig, workers: number, log: Logger): Promise<void> {
  await prepareDataDirectory(config, log);
  const aggregator = new AggregatorRegistry();
  const memory = workerMemorySettings(process.execArgv, process.env);
  cluster.setupPrimary({ execArgv: memory.execArgv });
  let stopping = false;
  const ready = new Map<number, { apiPort: number; dashboardPort: number }>();
  let announced = false;

  const fork = (id: number): Worker => {
    const worker = cluster.fork({ ...memory.env, [WORKER_ID]: String(id), [WORKER_COUNT]: String(workers) });
    worker.on('message', (message: Message) => {
      if (message.type === 'rampart:ready') {
        ready.set(id, { apiPort: message.apiPort, dashboardPort: message.dashboardPort });
        if (!announced && ready.size === workers) {
          announced = true;
          log.info({ api_port: message.apiPort, dashboard_port: message.dashboardPort, workers, data_dir: config.dataDir }, 'rampart ready');
        }
      } else if (message.type === 'rampart:metrics-request') {
        aggregator.clusterMetrics().then(
          (text) => worker.send({ type: 'rampart:metrics-response', id: message.id, text } satisfies Message),
          (err: unknown) => {
            log.error({ err }, 'gathering metrics of the workers failed');
            worker.send({ type: 'rampart:metrics-response', id: message.id, text: '' } satisfies Message);
          },
        );
      }
    });
    worker.on('exit', (code, signal) => {
      ready.delete(id);
      if (stopping) return;
      log.error({ worker: id, code, signal }, 'worker stopped unexpectedly; starting a new one');
      setTimeout(() => !stopping && fork(id), RESTART_DELAY_MS).unref();
    });
    return worker;
  };
  for (let id = 1; id <= workers; id++) fork(id);

  await new Promise<void>((resolve) => {
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

/** Asks the primary for the metrics of all workers. */
function clusterMetricsFromPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('The primary process did not send the metrics in time.'));
    }, 5_000);
    const onMessage = (message: Message) => {
      if (message.type !== 'rampart:metrics-response' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(message.text);
    };
    process.on('message', onMessage);
    process.send!({ type: 'rampart:metrics-request', id } satisfies Message);
  });
}

/** Runs one worker process: a full appliance on the shared ports. */
export async function runWorker(config: AppConfig, log: Logger): Promise<RunningAppliance> {
  const { id, count } = workerPlace(process.env);
  const workerLog = log.child({ worker: id });
  const appliance = await buildAppliance(config, workerLog, { worker: { id, count, clusterMetrics: clusterMetricsFromPrimary } });
  // prom-client answers the primary's requests for this process's registry once an aggregator exists here.
  AggregatorRegistry.setRegistries([appliance.metrics.registry]);
  new AggregatorRegistry();
  const running = await appliance.listen();
  process.send!({ type: 'rampart:ready', apiPort: running.apiPort, dashboardPort: running.dashboardPort } satisfies Message);
  return running;
}

