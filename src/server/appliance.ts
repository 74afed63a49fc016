import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.ts';
import { GUARDRAILS } from '../guardrails/registry.ts';
import { ModelLibrary } from '../models/model-library.ts';
import { warmUpGuardrails } from '../runtime/warm-up.ts';
import { prepareDataDirectory } from './data-directory.ts';
import { assembleAppliance, type Appliance, type RunningAppliance } from './assembly.ts';
import { loadGuardrailSet } from './guardrail-set.ts';
import { createLogger } from './logger.ts';
import { openServices } from './services.ts';
import type { WorkerRole } from './worker-role.ts';

export interface ApplianceOptions {
  /** Set in a worker of a multi-process server: it gets its share of the rate limits and serves the metrics of the whole server. */
  worker?: WorkerRole;
  /** The models to build the guardrails with (default: a library of `config.modelsDir`). */
  models?: ModelLibrary;
}

/** Starts both listeners on the data directory's database in this process; resolves once they accept connections. */
export async function startAppliance(config: AppConfig, log: Logger = createLogger(config.logLevel)): Promise<RunningAppliance> {
  // One library for both steps: the sentence encoder that seeds the threat store is then the vector filter's.
  const models = new ModelLibrary(config.modelsDir);
  await prepareDataDirectory(config, log, models);
  return (await buildAppliance(config, log, { models })).listen();
}

/**
 * Builds an appliance on a prepared data directory (`prepareDataDirectory`): its services, every
 * registered guardrail with its models, warmed up, and both listeners.
 */
export async function buildAppliance(config: AppConfig, log: Logger = createLogger(config.logLevel), options: ApplianceOptions = {}): Promise<Appliance> {
  const { worker, models = new ModelLibrary(config.modelsDir) } = options;
  const services = await openServices(config, log, worker);
  try {
    const guardrails = await loadGuardrailSet(GUARDRAILS, { models, store: services.store, dataDir: config.dataDir, log });
    // Before listening, so /readyz answers only once a check is as fast as it will be.
    if (config.warmUpMs > 0) await warmUpGuardrails(guardrails.slots, log, config.warmUpMs);
    return await assembleAppliance(config, log, { services, guardrails, ...(worker ? { worker } : {}) });
  } catch (error) {
    await services.close();
    throw error;
  }
}
