/** Which endpoint a check came through: input-check (user prompt) or output-check (LLM answer). */
export const DIRECTIONS = ['input', 'output'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A character range of the submitted message (UTF-16 offsets, end exclusive) that triggered a guardrail. */
export interface TextSpan {
  start: number;
  end: number;
  label: string;
}

/** A replacement the pipeline applies to build `sanitized_message` (e.g. PII masking). */
export interface Redaction {
  start: number;
  end: number;
  replacement: string;
  /**
   * Also replaced in what is passed on (Forwarding mode's request or answer) when the guardrail is
   * enforced: the PII `mask` action. Otherwise the range is masked in `sanitized_message` only.
   */
  forward?: boolean;
}

/** Per-guardrail outcome kept for events and metrics (no message text). */
export interface GuardrailRecord {
  detected: boolean;
  score?: number;
  error?: string;
  /** The guardrail ran in monitor mode: `detected` did not block. */
  monitored?: true;
  /** Milliseconds the guardrail took on this message. */
  ms?: number;
  /** The model backend asked on this message: its score, or why it gave none. */
  backend?: { name: string; score?: number; error?: string; ms: number };
}

/** A check's verdict: blocked, allowed, or allowed although a guardrail in monitor mode would have blocked it. */
export const CHECK_VERDICTS = ['allowed', 'blocked', 'monitored'] as const;
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];
