import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Direction } from '../domain/check.ts';
import { verdictOf, type CheckOutcome } from '../engine/pipeline.ts';

/** The appliance's Prometheus metrics, exposed at GET /metrics. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'rampart_http_requests_total',
    help: 'HTTP requests answered, by listener, route and status code',
    labelNames: ['listener', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly checkDuration = new Histogram({
    name: 'rampart_check_duration_seconds',
    help: 'Server-side processing time of input-check and output-check',
    labelNames: ['direction'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  readonly guardrailDuration = new Histogram({
    name: 'rampart_guardrail_duration_seconds',
    help: 'Time one guardrail took on one message, by guardrail and direction',
    labelNames: ['guardrail', 'direction'] as const,
    buckets: [0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
    registers: [this.registry],
  });
  readonly checks = new Counter({
    name: 'rampart_checks_total',
    help: 'Checks by direction and verdict: allowed, blocked, or monitored (allowed, but a guardrail in monitor mode would have blocked)',
    labelNames: ['direction', 'verdict'] as const,
    registers: [this.registry],
  });
  readonly guardrailVerdicts = new Counter({
    name: 'rampart_guardrail_verdicts_total',
    help: 'Guardrail outcomes: detected, monitored (detected in monitor mode, not blocked), passed or error',
    labelNames: ['guardrail', 'direction', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly eventsDropped = new Counter({
    name: 'rampart_events_dropped_total',
    help: 'Check events dropped because the event queue was full',
    registers: [this.registry],
  });
  readonly eventWriteErrors = new Counter({
    name: 'rampart_event_write_errors_total',
    help: 'Failed attempts to write a batch of check events (retried)',
    registers: [this.registry],
  });

  readonly backendCalls = new Counter({
    name: 'rampart_backend_calls_total',
    help: 'Calls to a model backend, by backend and outcome (ok, or the failure reason)',
    labelNames: ['backend', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly backendErrors = new Counter({
    name: 'rampart_backend_errors_total',
    help: 'Model backend calls without a usable answer, by backend and reason (timeout, unreachable, http_error, unparsable, refused, circuit_open, queue_full, unavailable, failed)',
    labelNames: ['backend', 'reason'] as const,
    registers: [this.registry],
  });
  readonly backendDuration = new Histogram({
    name: 'rampart_backend_duration_seconds',
    help: 'Time a model backend took to answer (or to fail), by backend',
    labelNames: ['backend'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** The circuit state of every backend, read when metrics are collected (set by the backends). */
  #breakerStates: () => Iterable<readonly [backend: string, state: number]> = () => [];
  readonly backendBreaker: Gauge<'backend'> = new Gauge({
    name: 'rampart_backend_circuit_state',
    help: 'Circuit breaker of a model backend: 0 closed (calls go out), 1 open (calls refused), 2 half open (one trial call)',
    labelNames: ['backend'] as const,
    // The workers of one server share each breaker, so they all report the same state.
    aggregator: 'max',
    registers: [this.registry],
    collect: () => {
      this.backendBreaker.reset();
      for (const [backend, state] of this.#breakerStates()) this.backendBreaker.set({ backend }, state);
    },
  });

  readonly #serverExposition: (() => Promise<string>) | undefined;

  /** `serverExposition`: in a worker of a server of several threads, the metrics of all workers together. */
  constructor(serverExposition?: () => Promise<string>) {
    collectDefaultMetrics({ register: this.registry, prefix: 'rampart_' });
    this.#serverExposition = serverExposition;
  }

  /** Where `rampart_backend_circuit_state` reads the backends' breaker states from. */
  reportBreakerStates(states: () => Iterable<readonly [backend: string, state: number]>): void {
    this.#breakerStates = states;
  }

  /** The Prometheus exposition text served at /metrics. */
  exposition(): Promise<string> {
    return this.#serverExposition ? this.#serverExposition() : this.registry.metrics();
  }

  recordCheck(direction: Direction, outcome: CheckOutcome, seconds: number): void {
    this.checkDuration.observe({ direction }, seconds);
    this.checks.inc({ direction, verdict: verdictOf(outcome) });
    for (const [guardrail, record] of Object.entries(outcome.records) as [string, NonNullable<CheckOutcome['records'][string]>][]) {
      const result = record.error ? 'error' : !record.detected ? 'passed' : record.monitored ? 'monitored' : 'detected';
      this.guardrailVerdicts.inc({ guardrail, direction, outcome: result });
      if (record.ms !== undefined) this.guardrailDuration.observe({ guardrail, direction }, record.ms / 1000);
    }
  }
}
