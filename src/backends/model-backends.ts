import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics.ts';
import type { CredentialBox } from '../secrets/credential-box.ts';
import { listModelBackends, type StoredModelBackend } from '../store/model-backends.ts';
import type { Store } from '../store/store.ts';
import { CircuitBreaker, type BreakerState } from './circuit-breaker.ts';
import { LlmJudge } from './llm-judge.ts';
import {
  BackendCallError,
  BackendFailure,
  type BackendAnswer,
  type BackendCaller,
  type BackendResult,
  type BackendTask,
  type ModelBackend,
} from './model-backend.ts';

export interface BackendHealth {
  name: string;
  kind: StoredModelBackend['settings']['kind'];
  /** ready: answering; open / half_open: the circuit breaker stopped calls; unavailable: could not be loaded. */
  state: 'ready' | 'loading' | 'unavailable' | Exclude<BreakerState, 'closed'>;
  consecutive_failures: number;
  /** ONNX classifiers: where the model runs. */
  device?: 'cpu' | 'cuda';
  /** Why the backend is unavailable (never a credential). */
  error?: string;
}

interface Entry {
  stored: StoredModelBackend;
  breaker: CircuitBreaker;
  backend?: ModelBackend;
  device?: 'cpu' | 'cuda';
  loadError?: string;
  loading?: boolean;
  /** Settles when the backend is loaded or failed to load. */
  built: Promise<void>;
  /** Calls under way; a retired backend is closed once none is left. */
  inFlight: number;
  retired?: boolean;
}

export interface ModelBackendsOptions {
  store: Store;
  /** ONNX folders given relative (pulled models: `models/<name>`) are this node's copy under it. */
  dataDir: string;
  credentials: CredentialBox;
  metrics: Metrics;
  log: Logger;
}

const BREAKER_CODE: Readonly<Record<BreakerState, number>> = { closed: 0, open: 1, half_open: 2 };

/**
 * The model backends of this process, built from the database and rebuilt when an administrator
 * changes one (a backend whose settings did not change keeps its loaded model and breaker). Each
 * call has the backend's deadline; failures count towards its circuit breaker.
 */
export class ModelBackends implements BackendCaller {
  readonly #options: ModelBackendsOptions;
  #entries = new Map<string, Entry>();
  #loading: Promise<void> = Promise.resolve();

  constructor(options: ModelBackendsOptions) {
    this.#options = options;
  }

  /**
   * Brings the backends in line with the database. Resolves once every backend is known (LLM judges
   * ready to call); ONNX classifiers finish loading in the background (see `settled`), so a large
   * model never holds up checks. Loads run one after the other.
   */
  load(): Promise<void> {
    const run = this.#loading.then(() => this.#load());
    this.#loading = run.catch(() => {});
    return run;
  }

  /** Resolves once every backend known now has finished loading (or failed to). */
  async settled(): Promise<void> {
    await this.#loading;
    await Promise.all([...this.#entries.values()].map((e) => e.built));
  }

  async #load(): Promise<void> {
    const stored = await listModelBackends(this.#options.store.db);
    const previous = [...this.#entries.values()];
    const next = new Map<string, Entry>();
    for (const s of stored) {
      // One that could not be loaded is tried again: its files may have arrived since (a pulled model's copy on this node).
      const current = previous.find((e) => e.stored.id === s.id && e.stored.updatedAt === s.updatedAt && e.loadError === undefined);
      next.set(s.name, current ?? this.#build(s));
    }
    this.#entries = next;
    const kept = new Set(next.values());
    for (const entry of previous.filter((e) => !kept.has(e))) {
      if (!next.has(entry.stored.name)) this.#options.metrics.backendBreaker.remove({ backend: entry.stored.name });
      entry.retired = true;
      void entry.built.then(() => this.#closeIfIdle(entry));
    }
  }

  /** Closes a retired backend once the calls still running on it are done. */
  async #closeIfIdle(entry: Entry): Promise<void> {
    if (!entry.retired || entry.inFlight > 0 || !entry.backend) return;
    const { backend } = entry;
    delete entry.backend;
    try {
      await backend.close();
    } catch (error) {
      this.#options.log.error({ err: error, backend: entry.stored.name }, 'closing a replaced model backend failed');
    }
  }

  #build(stored: StoredModelBackend): Entry {
    const entry: Entry = {
      stored,
      breaker: new CircuitBreaker(stored.settings.breakerFailures, stored.settings.breakerCooldownMs),
      built: Promise.resolve(),
      inFlight: 0,
    };
    this.#options.metrics.backendBreaker.set({ backend: stored.name }, BREAKER_CODE.closed);
    const failed = (error: unknown) => {
      entry.loadError = error instanceof Error ? error.message : String(error);
      this.#options.log.error({ backend: stored.name, kind: stored.settings.kind, error: entry.loadError }, 'model backend could not be loaded');
    };
    const { settings } = stored;
    if (settings.kind === 'llm_judge') {
      try {
        const apiKey = stored.credential === null ? null : this.#options.credentials.open(stored.credential, stored.id);
        entry.backend = new LlmJudge({ url: settings.url, model: settings.model, format: settings.format, apiKey });
      } catch (error) {
        failed(error);
      }
      return entry;
    }
    const started = performance.now();
    entry.loading = true;
    entry.built = (async () => {
      try {
        // onnxruntime loads only where an ONNX backend is configured.
        const { OnnxClassifier } = await import('./onnx-classifier.ts');
        const classifier = await OnnxClassifier.load(resolve(this.#options.dataDir, settings.path));
        entry.backend = classifier;
        entry.device = classifier.device;
        this.#options.log.info(
          { backend: stored.name, kind: settings.kind, device: classifier.device, ms: Math.round(performance.now() - started) },
          'model backend loaded',
        );
      } catch (error) {
        failed(error);
      } finally {
        entry.loading = false;
      }
    })();
    return entry;
  }

  async ask(name: string, task: BackendTask): Promise<BackendResult> {
    const entry = this.#entries.get(name);
    const started = performance.now();
    const { metrics } = this.#options;
    const fail = (failure: BackendFailure): never => {
      const latencyMs = performance.now() - started;
      metrics.backendCalls.inc({ backend: name, outcome: failure.reason });
      metrics.backendErrors.inc({ backend: name, reason: failure.reason });
      if (failure.reason !== 'circuit_open' && failure.reason !== 'unavailable') metrics.backendDuration.observe({ backend: name }, latencyMs / 1000);
      throw new BackendCallError(name, failure, latencyMs);
    };
    if (!entry) return fail(new BackendFailure('unavailable', 'no model backend has this name'));
    if (!entry.backend) return fail(new BackendFailure('unavailable', entry.loading ? 'still loading' : `could not be loaded: ${entry.loadError}`));
    if (!entry.breaker.tryAcquire()) return fail(new BackendFailure('circuit_open', 'the circuit breaker is open after repeated failures'));
    entry.inFlight++;
    try {
      const answer = await withDeadline(entry.backend, task, entry.stored.settings.timeoutMs);
      entry.breaker.succeeded();
      const latencyMs = performance.now() - started;
      metrics.backendCalls.inc({ backend: name, outcome: 'ok' });
      metrics.backendDuration.observe({ backend: name }, latencyMs / 1000);
      return { name, ...answer, latencyMs };
    } catch (error) {
      entry.breaker.failed();
      return fail(error instanceof BackendFailure ? error : new BackendFailure('failed', error instanceof Error ? error.message : String(error)));
    } finally {
      entry.inFlight--;
      if (entry.retired) void this.#closeIfIdle(entry);
      else metrics.backendBreaker.set({ backend: name }, BREAKER_CODE[entry.breaker.state]);
    }
  }

  health(): BackendHealth[] {
    return [...this.#entries.values()].map((entry) => {
      const breaker = entry.breaker.state;
      const state: BackendHealth['state'] = entry.loading ? 'loading' : !entry.backend ? 'unavailable' : breaker === 'closed' ? 'ready' : breaker;
      return {
        name: entry.stored.name,
        kind: entry.stored.settings.kind,
        state,
        consecutive_failures: entry.breaker.consecutiveFailures,
        ...(entry.device ? { device: entry.device } : {}),
        ...(entry.loadError ? { error: entry.loadError } : {}),
      };
    });
  }

  async close(): Promise<void> {
    await this.settled();
    await Promise.all([...this.#entries.values()].map((e) => e.backend?.close()));
    this.#entries.clear();
  }
}

/** The backend's answer, or a timeout failure once `ms` have passed (the call is aborted). */
async function withDeadline(backend: ModelBackend, task: BackendTask, ms: number): Promise<BackendAnswer> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BackendFailure('timeout', `no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([backend.assess(task, controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
