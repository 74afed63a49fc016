import { parentPort, workerData } from 'node:worker_threads';
import { ModelLibrary } from '../models/model-library.ts';
import { SharedModelFiles } from '../models/model-files.ts';
import { GUARDRAILS } from '../guardrails/registry.ts';
import { buildAppliance } from './appliance.ts';
import type { Appliance, RunningAppliance } from './assembly.ts';
import { prepareDataDirectory } from './data-directory.ts';
import { createLogger } from './logger.ts';
import type { ThreadMessage, ThreadTask } from './server-threads.ts';

/**
 * A thread of a server of several (server-threads.ts): either it prepares the data directory and
 * ends, or it runs a full appliance (its own database connection, configuration snapshot, event
 * queue and models) on the shared ports until the main thread tells it to stop.
 */
const task = workerData as ThreadTask;
const port = parentPort!;
const post = (message: ThreadMessage) => port.postMessage(message);

if (task.role === 'prepare') {
  // The models the server threads will serve are read here into shared memory, once for all of them.
  const files = new SharedModelFiles();
  const models = new ModelLibrary(task.config.modelsDir, files.read);
  await prepareDataDirectory(task.config, createLogger(task.config.logLevel), models);
  for (const definition of GUARDRAILS) for (const loader of definition.loaders ?? []) await models.load(loader);
  // The thread then ends on its own (nothing of it is left running), after the message is delivered.
  post({ type: 'rampart:model-files', files: files.files });
} else {
  const log = createLogger(task.config.logLevel).child({ worker: task.id });
  const pendingMetrics = new Map<number, (text: string) => void>();
  let lastMetricsRequest = 0;
  /** Asks the main thread for the metrics of all threads. */
  const serverMetrics = () =>
    new Promise<string>((resolve) => {
      const id = ++lastMetricsRequest;
      pendingMetrics.set(id, resolve);
      post({ type: 'rampart:metrics-request', id });
    });
  const pendingBreakers = new Map<number, (memory: SharedArrayBuffer) => void>();
  let lastBreakerRequest = 0;
  /** Asks the main thread for a backend's circuit breaker memory, shared with the other threads. */
  const breakerMemory = (backendId: string, version: string) =>
    new Promise<SharedArrayBuffer>((resolve) => {
      const id = ++lastBreakerRequest;
      pendingBreakers.set(id, resolve);
      post({ type: 'rampart:breaker-request', id, backendId, version });
    });
  let appliance: Appliance | undefined;
  let running: RunningAppliance | undefined;
  let stopRequested = false;
  const stop = async () => {
    stopRequested = true;
    if (!running) return;
    log.info('shutting down');
    await running.close();
    process.exit(0);
  };
  port.on('message', (message: ThreadMessage) => {
    if (message.type === 'rampart:stop') void stop();
    else if (message.type === 'rampart:metrics-response') {
      pendingMetrics.get(message.id)?.(message.text);
      pendingMetrics.delete(message.id);
    } else if (message.type === 'rampart:breaker-memory') {
      pendingBreakers.get(message.id)?.(message.memory);
      pendingBreakers.delete(message.id);
    } else if (message.type === 'rampart:metrics-collect') {
      const metrics = appliance ? appliance.metrics.registry.getMetricsAsJSON() : Promise.resolve([]);
      void metrics.then((m) => post({ type: 'rampart:metrics-part', id: message.id, metrics: m }));
    }
  });
  appliance = await buildAppliance(task.config, log, {
    models: new ModelLibrary(task.config.modelsDir, new SharedModelFiles(task.modelFiles).read),
    worker: { id: task.id, count: task.count, serverMetrics, breakerMemory },
  });
  running = await appliance.listen();
  post({ type: 'rampart:ready', apiPort: running.apiPort, dashboardPort: running.dashboardPort });
  if (stopRequested) await stop();
}
