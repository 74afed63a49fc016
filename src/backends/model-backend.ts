import type { BackendAnswer, BackendTask } from '../domain/backend.ts';

/** The two kinds of model backend an administrator can add to a guardrail. */
export const BACKEND_KINDS = ['onnx', 'llm_judge'] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number];

/** A loaded backend: a classifier or a judge that answers one task at a time. */
export interface ModelBackend {
  assess(task: BackendTask, signal: AbortSignal): Promise<BackendAnswer>;
  close(): Promise<void>;
}
