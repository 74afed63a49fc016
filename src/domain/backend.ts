import type { Direction } from './check.ts';
import type { ModerationCategory } from './moderation.ts';

/** What a guardrail asks a model backend about: prompt injection, hazardous content, or system prompt extraction. */
export type BackendQuestion = 'injection' | 'moderation' | 'extraction';

export interface BackendTask {
  question: BackendQuestion;
  direction: Direction;
  /** The message being checked. */
  message: string;
  /** output-check: the prompt that led to the answer in `message`. */
  prompt?: string | undefined;
  /**
   * The application's rules, its system prompt, when the profile lets the judge see them: the judge
   * is then also asked whether the message tries to make the assistant break them. Never logged.
   */
  policy?: string | undefined;
}

/** A backend's verdict: its score in [0, 1] for "attack"/"unsafe", and the hazard categories it named. */
export interface BackendAnswer {
  score: number;
  categories?: ModerationCategory[];
}

/** A backend's answer to one task, as the pipeline reports it. */
export interface BackendResult extends BackendAnswer {
  name: string;
  latencyMs: number;
}

/** Why a backend gave no usable answer; reported in responses, events, logs and metrics. */
export const BACKEND_FAILURE_REASONS = [
  'timeout',
  'unreachable',
  'http_error',
  'unparsable',
  'refused',
  'circuit_open',
  'queue_full',
  'unavailable',
  'failed',
] as const;
export type BackendFailureReason = (typeof BACKEND_FAILURE_REASONS)[number];

export class BackendFailure extends Error {
  readonly reason: BackendFailureReason;

  constructor(reason: BackendFailureReason, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackendFailure';
    this.reason = reason;
  }
}

/** A failed call: the reason, and how long it took to fail. */
export class BackendCallError extends BackendFailure {
  readonly backend: string;
  readonly latencyMs: number;

  constructor(backend: string, failure: BackendFailure, latencyMs: number) {
    super(failure.reason, `model backend ${backend}: ${failure.message}`, { cause: failure });
    this.backend = backend;
    this.latencyMs = latencyMs;
  }
}
