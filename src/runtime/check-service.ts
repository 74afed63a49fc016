import { hash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { BackendCaller } from '../engine/ports.ts';
import type { Direction } from '../domain/check.ts';
import { runChecks, verdictOf, type CheckOutcome } from '../engine/pipeline.ts';
import { AppError } from '../errors.ts';
import type { CheckEventQueue } from '../events/check-event-queue.ts';
import type { MessageTextMasker } from '../events/message-text.ts';
import { newId, nowIso } from '../ids.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { TraceContext } from '../tracing/trace-context.ts';
import type { Caller } from './live-config.ts';

export interface CheckInput {
  direction: Direction;
  message: string;
  prompt?: string | undefined;
  /** Forwarding mode: the system prompt sent upstream, to detect its leakage (and, on input, for context-aware judging). */
  systemPrompt?: string | undefined;
  canary?: string | undefined;
  /** false for intermediate checks (e.g. windows of a stream) whose final verdict is recorded separately. */
  record?: boolean;
  /** `performance.now()` when the request arrived; the check's time is counted from there (default: its start). */
  startedAt?: number | undefined;
}

/** Who asked for a check, as recorded on its event and in log lines about it. */
export interface CheckOrigin {
  requestId: string;
  /** The caller's W3C trace context (`traceparent`), when it sent a valid one. */
  trace?: TraceContext | undefined;
  /** LiteLLM's call and trace ids (Generic Guardrail API). */
  litellmCallId?: string | undefined;
  litellmTraceId?: string | undefined;
  /** The application's end user, when the caller named one. */
  endUser?: string | undefined;
  /** Images that came with the text, which no guardrail inspects. */
  imagesNotInspected?: number | undefined;
}

export interface CheckServiceOptions {
  /** Masks the text of messages whose profile records it. */
  messageText: MessageTextMasker;
  events: CheckEventQueue;
  metrics: Metrics;
  log: Logger;
  backends: BackendCaller;
}

/** Runs a caller's profile on one message, then records the event and metrics (never the text). */
export class CheckService {
  readonly #options: CheckServiceOptions;
  /** Checks under way in this thread. */
  #running = 0;
  readonly #othersRunning = () => this.#running > 1;

  constructor(options: CheckServiceOptions) {
    this.#options = options;
  }

  async check(caller: Caller, input: CheckInput, origin: CheckOrigin): Promise<CheckOutcome> {
    const { profile, runtimeLlm } = caller;
    const { requestId, trace } = origin;
    // What every log line about this check names: the request and, when given, the caller's trace.
    const logged = { request_id: requestId, ...(trace ? { trace_id: trace.traceId } : {}) };
    if (profile instanceof Error) {
      this.#options.log.error({ err: profile, runtime_llm: runtimeLlm.id, ...logged }, 'security profile cannot be used');
      throw new AppError('unavailable', 'The security profile of this Runtime LLM is invalid; an administrator must fix it.');
    }
    const started = input.startedAt ?? performance.now();
    this.#running++;
    const outcome = await runChecks(
      profile,
      {
        direction: input.direction,
        message: input.message,
        prompt: input.prompt,
        systemPrompt: input.systemPrompt,
        canary: input.canary,
        runtimeLlm: { id: runtimeLlm.id, name: runtimeLlm.name, mode: runtimeLlm.mode, systemPrompt: runtimeLlm.systemPrompt },
      },
      (guardrail, error) => this.#options.log.error({ err: error, guardrail, ...logged }, 'guardrail failed'),
      this.#options.backends,
      this.#othersRunning,
    ).finally(() => this.#running--);
    if (input.record === false) return outcome;
    // One figure, in milliseconds to three decimals, for the answer, the event and the metric.
    const executionTime = Math.round((performance.now() - started) * 1000) / 1000;
    this.#options.metrics.recordCheck(input.direction, outcome, executionTime / 1000);
    const eventId = newId('evt');
    const verdict = verdictOf(outcome);
    this.#options.events.push({
      id: eventId,
      createdAt: nowIso(),
      requestId,
      runtimeLlmId: runtimeLlm.id,
      profileId: profile.profileId,
      direction: input.direction,
      verdict,
      blockedBy: outcome.blocked_by,
      monitoredBy: outcome.monitored_by,
      results: outcome.records,
      executionTimeMs: executionTime,
      messageLength: input.message.length,
      messageSha256: hash('sha256', input.message),
      ...(caller.recordMessageText
        ? this.#options.messageText.record(
            input.message,
            outcome,
            profile,
            // Leakage in an answer is judged against the forwarded system prompt, which is not recorded.
            input.direction === 'output' && (input.systemPrompt !== undefined || input.canary !== undefined),
          )
        : { messageText: null }),
      traceId: trace?.traceId ?? null,
      spanId: trace?.spanId ?? null,
      litellmCallId: origin.litellmCallId ?? null,
      litellmTraceId: origin.litellmTraceId ?? null,
      endUser: origin.endUser ?? null,
      imagesNotInspected: origin.imagesNotInspected ?? 0,
    });
    // Checks are events, not log lines; at debug level each one is also logged, to join logs to traces.
    this.#options.log.debug({ event_id: eventId, direction: input.direction, verdict, ...logged }, 'check recorded');
    return { ...outcome, execution_time: executionTime };
  }
}
