import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.ts';
import { ModelLibrary } from '../models/model-library.ts';
import { buildAppliance, prepareDataDirectory, type RunningAppliance } from './appliance.ts';
import { workerPlace, type ClusterMessage } from './cluster.ts';

/** Asks the primary for the metrics of all workers. */
function clusterMetricsFromPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('The primary process did not send the metrics in time.'));
    }, 5_000);
    const onMessage = (message: ClusterMessage) => {
      if (message.type !== 'rampart:metrics-response' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(message.text);
    };
    process.on('message', onMessage);
    process.send!({ type: 'rampart:metrics-request', id } satisfies ClusterMessage);
  });
}

/**
 * Runs one worker process: a full appliance on the shared ports. The first worker of a start prepares
 * the data directory before (see cluster.ts).
 */
export async function runWorker(config: AppConfig, log: Logger): Promise<RunningAppliance> {
  const { id, count, prepares } = workerPlace(process.env);
  const workerLog = log.child({ worker: id });
  // As in `startAppliance`, one library for both steps: the sentence encoder that seeds the threat store is then the vector filter's.
  const models = new ModelLibrary(config.modelsDir);
  if (prepares) {
    await prepareDataDirectory(config, workerLog, models);
    process.send!({ type: 'rampart:prepared' } satisfies ClusterMessage);
  }
  const appliance = await buildAppliance(config, workerLog, { models, worker: { id, count, clusterMetrics: clusterMetricsFromPrimary } });
  // prom-client answers the primary's requests for this process's registry once an aggregator exists here.
  AggregatorRegistry.setRegistries([appliance.metrics.registry]);
  new AggregatorRegistry();
  const running = await appliance.listen();
  process.send!({ type: 'rampart:ready', apiPort: running.apiPort, dashboardPort: running.dashboardPort } satisfies ClusterMessage);
  return running;
}
