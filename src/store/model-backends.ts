import type { Kysely, Selectable } from 'kysely';
import type { JudgeFormat } from '../backends/judge-formats.ts';
import { namedRows } from './rows.ts';
import type { Database, ModelBackendTable } from './schema.ts';

/** Settings every backend has: how long an answer may take, how many calls wait for it, and when its circuit breaker opens. */
export interface BackendLimits {
  /** Longest a check waits for the backend, time in its queue included. */
  timeoutMs: number;
  /** Consecutive failures that open the circuit breaker. */
  breakerFailures: number;
  /** How long an open breaker refuses calls before one trial call is let through. */
  breakerCooldownMs: number;
  /** Calls a worker thread sends at once; null: no limit (every call goes out at once, nothing waits). */
  maxConcurrency: number | null;
  /** Calls a worker thread lets wait for a free slot when `maxConcurrency` are under way; more fail at once. */
  queueDepth: number;
}

/** What backends stored before a setting existed behave as. */
export const LIMIT_DEFAULTS: Readonly<Pick<BackendLimits, 'maxConcurrency' | 'queueDepth'>> = { maxConcurrency: null, queueDepth: 64 };

export type BackendSettings = BackendLimits &
  (
    | {
        kind: 'onnx';
        path: string;
        /** onnxruntime's intra-op threads per worker thread; null: onnxruntime's default (one per physical core). */
        intraOpThreads: number | null;
      }
    | { kind: 'llm_judge'; url: string; model: string; format: JudgeFormat }
  );

export interface StoredModelBackend {
  id: string;
  name: string;
  settings: BackendSettings;
  /** Sealed API key (see CredentialBox); never shown. */
  credential: string | null;
  createdAt: string;
  updatedAt: string;
}

function toBackend(row: Selectable<ModelBackendTable>): StoredModelBackend {
  return {
    id: row.id,
    name: row.name,
    settings: {
      ...LIMIT_DEFAULTS,
      ...(row.kind === 'onnx' ? { intraOpThreads: null } : {}),
      ...(JSON.parse(row.settings) as Omit<BackendSettings, 'kind'>),
      kind: row.kind,
    } as BackendSettings,
    credential: row.credential,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(backend: StoredModelBackend): Selectable<ModelBackendTable> {
  const { kind, ...settings } = backend.settings;
  return {
    id: backend.id,
    name: backend.name,
    kind,
    settings: JSON.stringify(settings),
    credential: backend.credential,
    created_at: backend.createdAt,
    updated_at: backend.updatedAt,
  };
}

const rows = namedRows('model_backends', { toEntity: toBackend, toRow });

export const insertModelBackend = rows.insert;
export const updateModelBackendRow = rows.update;
export const deleteModelBackendRow = rows.delete;
export const listModelBackends = (db: Kysely<Database>): Promise<StoredModelBackend[]> => rows.list(db, 'name');
export const findModelBackend = rows.findByIdOrName;
