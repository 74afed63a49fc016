import type { Direction } from '../engine/guardrail.ts';
import type { ModerationCategory } from '../models/heads.ts';

/** The two kinds of model backend an administrator can add to a guardrail. */
export const BACKEND_KINDS = ['onnx', 'llm_judge'] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number];

/** What a guardrail asks a backend about: prompt injection, hazardous content, or system prompt extraction. */
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

/** A loaded backend: a classifier or a judge that answers one task at a time. */
export interface ModelBackend {
  assess(task: BackendTask, signal: AbortSignal): Promise<BackendAnswer>;
  close(): Promise<void>;
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

/** A backend's answer to one task, as the pipeline reports it. */
export interface BackendResult extends BackendAnswer {
  name: string;
  latencyMs: number;
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

/** What the pipeline needs of the backends: ask one by name. */
export interface BackendCaller {
  ask(name: string, task: BackendTask): Promise<BackendResult>;
}
