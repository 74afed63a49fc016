import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics.ts';
import type { CredentialBox } from '../secrets/credential-box.ts';
import { listModelBackends, type StoredModelBackend } from '../store/model-backends.ts';
import type { Store } from '../store/store.ts';
import { CallQueue, waitedTooLong } from './call-queue.ts';
import { BREAKER_MEMORY_BYTES, CircuitBreaker, type BreakerState } from './circuit-breaker.ts';
import { LlmJudge } from './llm-judge.ts';
import { BackendCallError, BackendFailure, type BackendAnswer, type BackendResult, type BackendTask } from '../domain/backend.ts';
import type { BackendCaller } from '../engine/ports.ts';
import type { ModelBackend } from './model-backend.ts';

/** ready: answering; open / half_open: the circuit breaker stopped calls; unavailable: could not be loaded. */
export const BACKEND_HEALTH_STATES = ['ready', 'loading', 'unavailable', 'open', 'half_open'] as const satisfies readonly (
  | 'ready'
  | 'loading'
  | 'unavailable'
  | Exclude<BreakerState, 'closed'>
)[];
export type BackendHealthState = (typeof BACKEND_HEALTH_STATES)[number];

export interface BackendHealth {
  name: string;
  kind: StoredModelBackend['settings']['kind'];
  state: BackendHealthState;
  consecutive_failures: number;
  /** ONNX classifiers: where the model runs. */
  device?: 'cpu' | 'cuda';
  /** Why the backend is unavailable (never a credential). */
  error?: string;
}

interface Entry {
  stored: StoredModelBackend;
  breaker: CircuitBreaker;
  queue: CallQueue;
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

/**
 * The shared memory of a backend's circuit breaker (see CircuitBreaker) for one version of its
 * settings: the same block for every thread of a server that asks, so they share one breaker.
 */
export type BreakerMemory = (backendId: string, version: string) => Promise<SharedArrayBuffer>;

export interface ModelBackendsOptions {
  store: Store;
  /** ONNX folders given relative (pulled models: `models/<name>`) are this node's copy under it. */
  dataDir: string;
  credentials: CredentialBox;
  metrics: Metrics;
  log: Logger;
  /** Absent: each breaker is this process's own (a single-threaded server, the CLI). */
  breakerMemory?: BreakerMemory;
  /** Load only the backends of these names (a command that runs one profile); absent: all of them. */
  only?: ReadonlySet<string>;
}

/** A half-open trial call ends within its deadline; one not reported this long after it (its thread ended) is given up. */
const TRIAL_LEASE_MARGIN_MS = 1_000;

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
    options.metrics.reportBreakerStates(() => [...this.#entries.values()].map((e) => [e.stored.name, BREAKER_CODE[e.breaker.state]] as const));
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
    const { only } = this.#options;
    const stored = (await listModelBackends(this.#options.store.db)).filter((s) => !only || only.has(s.name));
    const previous = [...this.#entries.values()];
    const next = new Map<string, Entry>();
    const memory = this.#options.breakerMemory ?? (async () => new SharedArrayBuffer(BREAKER_MEMORY_BYTES));
    for (const s of stored) {
      // One that could not be loaded is tried again: its files may have arrived since (a pulled model's copy on this node).
      const current = previous.find((e) => e.stored.id === s.id && e.stored.updatedAt === s.updatedAt && e.loadError === undefined);
      next.set(s.name, current ?? this.#build(s, await memory(s.id, s.updatedAt)));
    }
    this.#entries = next;
    const kept = new Set(next.values());
    for (const entry of previous.filter((e) => !kept.has(e))) {
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

  #build(stored: StoredModelBackend, breakerMemory: SharedArrayBuffer): Entry {
    const { settings } = stored;
    const entry: Entry = {
      stored,
      breaker: new CircuitBreaker(settings.breakerFailures, settings.breakerCooldownMs, settings.timeoutMs + TRIAL_LEASE_MARGIN_MS, breakerMemory),
      queue: new CallQueue(settings.maxConcurrency, settings.queueDepth),
      built: Promise.resolve(),
      inFlight: 0,
    };
    const failed = (error: unknown) => {
      entry.loadError = error instanceof Error ? error.message : String(error);
      this.#options.log.error({ backend: stored.name, kind: stored.settings.kind, error: entry.loadError }, 'model backend could not be loaded');
    };
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
        const classifier = await OnnxClassifier.load(resolve(this.#options.dataDir, settings.path), { intraOpThreads: settings.intraOpThreads });
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

  /**
   * Asks a backend, within its deadline (`timeout_ms`, time waiting in its queue included). Calls
   * are refused at once while its circuit breaker is open or its queue is full; only answers and
   * failures of calls that went out count towards the breaker.
   */
  async ask(name: string, task: BackendTask): Promise<BackendResult> {
    const entry = this.#entries.get(name);
    const started = performance.now();
    const { metrics } = this.#options;
    const fail = (failure: BackendFailure): never => {
      const latencyMs = performance.now() - started;
      metrics.backendCalls.inc({ backend: name, outcome: failure.reason });
      metrics.backendErrors.inc({ backend: name, reason: failure.reason });
      if (!REFUSED_AT_ONCE.has(failure.reason)) metrics.backendDuration.observe({ backend: name }, latencyMs / 1000);
      throw new BackendCallError(name, failure, latencyMs);
    };
    if (!entry) return fail(new BackendFailure('unavailable', 'no model backend has this name'));
    const { backend, breaker, queue } = entry;
    if (!backend) return fail(new BackendFailure('unavailable', entry.loading ? 'still loading' : `could not be loaded: ${entry.loadError}`));
    if (breaker.state === 'open') return fail(circuitOpen());
    const { timeoutMs } = entry.stored.settings;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    // Counted from the queue on, so a replaced backend is not closed under a call waiting its turn.
    entry.inFlight++;
    try {
      try {
        await queue.enter(deadline.signal);
      } catch (error) {
        return fail(error as BackendFailure);
      }
      try {
        // The deadline passed just as the turn came: the backend was never asked, so the breaker is left alone.
        if (deadline.signal.aborted) return fail(waitedTooLong());
        if (!breaker.tryAcquire()) return fail(circuitOpen());
        let answer: BackendAnswer;
        try {
          answer = await answerBefore(backend, task, deadline.signal, timeoutMs);
        } catch (error) {
          breaker.failed();
          return fail(error instanceof BackendFailure ? error : new BackendFailure('failed', error instanceof Error ? error.message : String(error)));
        }
        breaker.succeeded();
        const latencyMs = performance.now() - started;
        metrics.backendCalls.inc({ backend: name, outcome: 'ok' });
        metrics.backendDuration.observe({ backend: name }, latencyMs / 1000);
        return { name, ...answer, latencyMs };
      } finally {
        queue.leave();
      }
    } finally {
      clearTimeout(timer);
      entry.inFlight--;
      if (entry.retired) void this.#closeIfIdle(entry);
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

/** Failures that never reached the backend: they take no time worth a latency sample. */
const REFUSED_AT_ONCE: ReadonlySet<string> = new Set(['circuit_open', 'queue_full', 'unavailable']);
const circuitOpen = () => new BackendFailure('circuit_open', 'the circuit breaker is open after repeated failures');

/** The backend's answer, or a timeout failure once `deadline` aborts (which also aborts the call). */
async function answerBefore(backend: ModelBackend, task: BackendTask, deadline: AbortSignal, timeoutMs: number): Promise<BackendAnswer> {
  const timedOut = () => new BackendFailure('timeout', `no answer within ${timeoutMs} ms`);
  if (deadline.aborted) throw timedOut();
  const expired = new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(timedOut()), { once: true }));
  return Promise.race([backend.assess(task, deadline), expired]);
}
