import { isAbsolute } from 'node:path';
import { JUDGE_FORMATS, type JudgeFormat } from '../backends/judge-formats.ts';
import { BACKEND_KINDS, type BackendKind } from '../backends/model-backend.ts';
import { readOnnxManifest } from '../backends/onnx-manifest.ts';
import { backendSettingsOf, type ProfileSettings } from '../engine/profile-settings.ts';
import { AppError } from '../errors.ts';
import { newId, nowIso } from '../ids.ts';
import type { CredentialBox } from '../secrets/credential-box.ts';
import {
  deleteModelBackendRow,
  findModelBackend,
  insertModelBackend,
  listModelBackends,
  updateModelBackendRow,
  LIMIT_DEFAULTS,
  type BackendLimits,
  type BackendSettings,
  type StoredModelBackend,
} from '../store/model-backends.ts';
import { listProfiles } from '../store/profiles.ts';
import { findPulledModelOfBackend } from '../store/pulled-models.ts';
import type { Store } from '../store/store.ts';
import type { Actor } from '../domain/actor.ts';
import { applyConfigChange } from '../store/config-change.ts';

/** What an administrator gives (CLI flags, admin API body); members left out keep their values on update. */
export interface ModelBackendInput {
  name?: unknown;
  kind?: unknown;
  path?: unknown;
  url?: unknown;
  model?: unknown;
  format?: unknown;
  /** Plaintext API key of an LLM judge; stored encrypted, never shown. null removes it. */
  apiKey?: unknown;
  timeoutMs?: unknown;
  breakerFailures?: unknown;
  breakerCooldownMs?: unknown;
  /** A whole number, or null for no limit. */
  maxConcurrency?: unknown;
  queueDepth?: unknown;
  /** onnx only: a whole number, or null for onnxruntime's default. */
  intraOpThreads?: unknown;
}

const DEFAULT_TIMEOUT_MS: Readonly<Record<BackendKind, number>> = { onnx: 1_000, llm_judge: 5_000 };
/** The default timeouts in words, for help texts: "1000 for onnx, 5000 for llm_judge". */
export const DEFAULT_TIMEOUTS_IN_WORDS = BACKEND_KINDS.map((kind) => `${DEFAULT_TIMEOUT_MS[kind]} for ${kind}`).join(', ');
const DEFAULT_LIMITS = { breakerFailures: 5, breakerCooldownMs: 30_000, ...LIMIT_DEFAULTS } as const;
type Range = { field: string; min: number; max: number };
const LIMIT_RANGES: Readonly<Record<keyof BackendLimits, Range>> = {
  timeoutMs: { field: 'timeout_ms', min: 50, max: 120_000 },
  breakerFailures: { field: 'breaker_failures', min: 1, max: 1_000 },
  breakerCooldownMs: { field: 'breaker_cooldown_ms', min: 1_000, max: 3_600_000 },
  maxConcurrency: { field: 'max_concurrency', min: 1, max: 10_000 },
  queueDepth: { field: 'queue_depth', min: 0, max: 100_000 },
};
/** onnxruntime's intra-op threads of one session (one per worker thread). */
const INTRA_OP_THREADS: Readonly<Range> = { field: 'intra_op_threads', min: 1, max: 256 };

function invalid(field: string, message: string): AppError {
  return new AppError('invalid_field', message, { details: { field } });
}

export function validateBackendName(name: unknown): string {
  if (typeof name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw invalid('name', 'A model backend name must be 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  }
  return name;
}

function validateKind(kind: unknown): BackendKind {
  if ((BACKEND_KINDS as readonly unknown[]).includes(kind)) return kind as BackendKind;
  throw invalid('kind', `The field kind must be one of ${BACKEND_KINDS.join(', ')}; got ${JSON.stringify(kind)}.`);
}

function validateWholeNumber({ field, min, max }: Range, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `The field ${field} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}.`);
  }
  return value;
}

/** A whole number in range, or null where the setting has no limit or a library default. */
function validateOptionalNumber(range: Range, meaningOfNull: string, value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    throw invalid(
      range.field,
      `The field ${range.field} must be a whole number from ${range.min} to ${range.max}, or null (${meaningOfNull}); got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

/** A classifier folder must be an absolute path holding model.onnx, tokenizer.json and a valid manifest.json. */
function validatePath(path: unknown): string {
  if (typeof path !== 'string' || path.length === 0 || path.length > 4096 || !isAbsolute(path)) {
    throw invalid('path', 'The field path must be the absolute path of a folder holding model.onnx, tokenizer.json and manifest.json.');
  }
  try {
    readOnnxManifest(path);
  } catch (error) {
    throw invalid('path', `The classifier folder ${path} cannot be used: ${(error as Error).message}.`);
  }
  return path;
}

function validateUrl(url: unknown): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' && url.length <= 2048 ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw invalid('url', `The field url must be the http(s) base URL of an OpenAI-compatible API, e.g. http://vllm:8000/v1; got ${JSON.stringify(url)}.`);
  }
  if (parsed.username || parsed.password) throw invalid('url', 'The field url must not carry credentials; give the API key separately.');
  return url as string;
}

function validateModel(model: unknown): string {
  if (typeof model !== 'string' || model.trim().length === 0 || model.length > 200)
    throw invalid('model', 'The field model must be the model name the endpoint serves (1-200 characters).');
  return model.trim();
}

function validateFormat(format: unknown): JudgeFormat {
  if ((JUDGE_FORMATS as readonly unknown[]).includes(format)) return format as JudgeFormat;
  throw invalid('format', `The field format must be one of ${JUDGE_FORMATS.join(', ')}; got ${JSON.stringify(format)}.`);
}

function validateApiKey(value: unknown): string | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 8192 || /[\r\n]/.test(value))
    throw invalid('api_key', 'The API key must be a single line of at most 8192 characters.');
  return value.trim();
}

/** A new backend's timeout and circuit breaker settings. */
export function defaultLimits(kind: BackendKind): BackendLimits {
  return { timeoutMs: DEFAULT_TIMEOUT_MS[kind], ...DEFAULT_LIMITS };
}

/** The settings an input describes, starting from the current ones on update. */
function settingsFrom(input: ModelBackendInput, current?: BackendSettings): BackendSettings {
  const kind = input.kind === undefined && current ? current.kind : validateKind(input.kind);
  const sameKind = current?.kind === kind ? current : undefined;
  const limit = (key: 'timeoutMs' | 'breakerFailures' | 'breakerCooldownMs' | 'queueDepth', fallback: number) =>
    input[key] === undefined ? (current?.[key] ?? fallback) : validateWholeNumber(LIMIT_RANGES[key], input[key]);
  const limits: BackendLimits = {
    timeoutMs: limit('timeoutMs', DEFAULT_TIMEOUT_MS[kind]),
    breakerFailures: limit('breakerFailures', DEFAULT_LIMITS.breakerFailures),
    breakerCooldownMs: limit('breakerCooldownMs', DEFAULT_LIMITS.breakerCooldownMs),
    maxConcurrency:
      input.maxConcurrency === undefined
        ? current
          ? current.maxConcurrency
          : DEFAULT_LIMITS.maxConcurrency
        : validateOptionalNumber(LIMIT_RANGES.maxConcurrency, 'no limit', input.maxConcurrency),
    queueDepth: limit('queueDepth', DEFAULT_LIMITS.queueDepth),
  };
  if (kind === 'onnx') {
    for (const [key, field] of [
      ['url', 'url'],
      ['model', 'model'],
      ['format', 'format'],
      ['apiKey', 'api_key'],
    ] as const) {
      if (input[key] !== undefined && input[key] !== null) throw invalid(field, `The field ${field} applies to llm_judge backends only.`);
    }
    const onnx = sameKind?.kind === 'onnx' ? sameKind : undefined;
    const path = input.path === undefined && onnx ? onnx.path : validatePath(input.path);
    const intraOpThreads =
      input.intraOpThreads === undefined
        ? (onnx?.intraOpThreads ?? null)
        : validateOptionalNumber(INTRA_OP_THREADS, "onnxruntime's default", input.intraOpThreads);
    return { kind, path, intraOpThreads, ...limits };
  }
  if (input.path !== undefined) throw invalid('path', 'The field path applies to onnx backends only.');
  if (input.intraOpThreads !== undefined && input.intraOpThreads !== null)
    throw invalid('intra_op_threads', 'The field intra_op_threads applies to onnx backends only.');
  const judge = sameKind?.kind === 'llm_judge' ? sameKind : undefined;
  return {
    kind,
    url: input.url === undefined && judge ? judge.url : validateUrl(input.url),
    model: input.model === undefined && judge ? judge.model : validateModel(input.model),
    format: input.format === undefined && judge ? judge.format : validateFormat(input.format),
    ...limits,
  };
}

/** Audit details: the settings, and whether a key is set (never the key). */
function auditDetails(backend: StoredModelBackend): Record<string, unknown> {
  return { name: backend.name, ...backend.settings, api_key_set: backend.credential !== null };
}

/** Profiles whose guardrails name this backend, as "profile/guardrail". */
export async function backendUsers(store: Store, name: string): Promise<string[]> {
  const users: string[] = [];
  for (const profile of await listProfiles(store.db)) {
    const guardrails = (profile.settings as { guardrails?: Record<string, { backend?: unknown } | null> } | null)?.guardrails ?? {};
    for (const [guardrail, settings] of Object.entries(guardrails)) {
      if (settings?.backend === name) users.push(`${profile.name}/${guardrail}`);
    }
  }
  return users;
}

export async function requireModelBackend(store: Store, idOrName: string): Promise<StoredModelBackend> {
  const found = await findModelBackend(store.db, idOrName);
  if (!found) throw new AppError('not_found', `Model backend ${JSON.stringify(idOrName)} does not exist.`);
  return found;
}

/** `credentials` seals the API key of an LLM judge, when one is given. */
export async function createModelBackend(store: Store, actor: Actor, input: ModelBackendInput, credentials: CredentialBox): Promise<StoredModelBackend> {
  const name = validateBackendName(input.name);
  const settings = settingsFrom(input);
  const existing = await findModelBackend(store.db, name);
  if (existing?.name === name) throw new AppError('conflict', `A model backend named ${JSON.stringify(name)} already exists.`);
  const id = newId('mbk');
  const apiKey = settings.kind === 'llm_judge' && input.apiKey !== undefined ? validateApiKey(input.apiKey) : null;
  const now = nowIso();
  const backend: StoredModelBackend = { id, name, settings, credential: apiKey === null ? null : credentials.seal(apiKey, id), createdAt: now, updatedAt: now };
  await applyConfigChange(store, actor, { action: 'model_backend.create', targetType: 'model_backend', targetId: id, details: auditDetails(backend) }, (trx) =>
    insertModelBackend(trx, backend),
  );
  return backend;
}

export async function updateModelBackend(
  store: Store,
  actor: Actor,
  idOrName: string,
  input: ModelBackendInput,
  credentials: CredentialBox,
): Promise<StoredModelBackend> {
  const current = await requireModelBackend(store, idOrName);
  const name = input.name === undefined ? current.name : validateBackendName(input.name);
  if (name !== current.name) {
    const existing = await findModelBackend(store.db, name);
    if (existing?.name === name) throw new AppError('conflict', `A model backend named ${JSON.stringify(name)} already exists.`);
    const users = await backendUsers(store, current.name);
    if (users.length > 0)
      throw new AppError('conflict', `Model backend ${JSON.stringify(current.name)} cannot be renamed while guardrails use it: ${users.join(', ')}.`);
  }
  const settings = settingsFrom(input, current.settings);
  let credential = settings.kind === 'onnx' ? null : current.credential;
  if (settings.kind === 'llm_judge' && input.apiKey !== undefined) {
    const apiKey = validateApiKey(input.apiKey);
    credential = apiKey === null ? null : credentials.seal(apiKey, current.id);
  }
  const updated: StoredModelBackend = { ...current, name, settings, credential, updatedAt: nowIso() };
  await applyConfigChange(
    store,
    actor,
    { action: 'model_backend.update', targetType: 'model_backend', targetId: current.id, details: auditDetails(updated) },
    (trx) => updateModelBackendRow(trx, updated),
  );
  return updated;
}

/** The backend `idOrName` when it may be deleted: no pulled model owns it and no guardrail asks it (409 otherwise). */
export async function requireDeletableModelBackend(store: Store, idOrName: string): Promise<StoredModelBackend> {
  const current = await requireModelBackend(store, idOrName);
  if (await findPulledModelOfBackend(store.db, current.id)) {
    throw new AppError(
      'conflict',
      `Model backend ${JSON.stringify(current.name)} belongs to a pulled model; remove it with rampart model remove ${current.name}.`,
    );
  }
  const users = await backendUsers(store, current.name);
  if (users.length > 0)
    throw new AppError(
      'conflict',
      `Model backend ${JSON.stringify(current.name)} is used by ${users.join(', ')}; switch those guardrails to another backend first.`,
    );
  return current;
}

export async function deleteModelBackend(store: Store, actor: Actor, idOrName: string): Promise<void> {
  const current = await requireDeletableModelBackend(store, idOrName);
  await applyConfigChange(
    store,
    actor,
    { action: 'model_backend.delete', targetType: 'model_backend', targetId: current.id, details: { name: current.name } },
    (trx) => deleteModelBackendRow(trx, current.id),
  );
}

export function listModelBackendsOf(store: Store): Promise<StoredModelBackend[]> {
  return listModelBackends(store.db);
}

/** Throws `invalid_field` when a profile's guardrail names a backend that does not exist (nor is `creating` in the same change). */
export async function checkBackendReferences(store: Store, settings: ProfileSettings, creating?: string): Promise<void> {
  for (const [guardrail, value] of Object.entries(settings.guardrails)) {
    const name = backendSettingsOf(value)?.backend;
    if (name === undefined || name === creating) continue;
    const found = await findModelBackend(store.db, name);
    if (found?.name !== name)
      throw invalid(
        `guardrails.${guardrail}.backend`,
        `Profile setting guardrails.${guardrail}.backend names ${JSON.stringify(name)}, which is not a model backend.`,
      );
  }
}
