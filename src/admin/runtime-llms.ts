import { AppError } from '../errors.ts';
import { newId, nowIso } from '../ids.ts';
import { generateApiKey, hashApiKey, keyHint } from '../keys/api-key.ts';
import type { CredentialBox } from '../secrets/credential-box.ts';
import { PROTECTION_LEVELS, DEFAULT_PROTECTION_LEVEL } from '../domain/protection.ts';
import { findActiveKeyHint, replaceApiKey } from '../store/api-keys.ts';
import { DEFAULT_PROFILE_ID } from '../store/migrations/0002-default-profile.ts';
import { findProfile } from '../store/profiles.ts';
import {
  deleteRuntimeLlmRow,
  findRuntimeLlm,
  insertRuntimeLlm,
  listRuntimeLlms,
  updateRuntimeLlmRow,
  RUNTIME_LLM_MODES,
  type RuntimeLlm,
} from '../store/runtime-llms.ts';
import type { Store } from '../store/store.ts';
import type { Actor } from '../domain/actor.ts';
import { applyConfigChange } from '../store/config-change.ts';

/** Secure Proxy URL recorded for a Non-forwarding Runtime LLM that was given none. */
export const PLACEHOLDER_URL = 'https://placeholder.invalid';
const MAX_NAME_LENGTH = 100;
const MAX_URL_LENGTH = 2048;
const MAX_SYSTEM_PROMPT_LENGTH = 100_000;

export interface RuntimeLlmInput {
  name: string;
  mode?: string;
  url?: string;
  level?: number;
  profile?: string;
  systemPrompt?: string | null;
  /** Monitor mode for every guardrail of this Runtime LLM: report what would be blocked, block nothing. */
  monitor?: boolean;
  /** Plaintext credential for the upstream LLM (forwarding mode); stored encrypted, never shown. */
  upstreamCredential?: string | null;
}

/** A Runtime LLM as shown to operators: never the key, only its hint. */
export interface RuntimeLlmView extends RuntimeLlm {
  apiKeyHint: string | null;
}

function validateName(name: unknown): string {
  if (typeof name !== 'string' || name.trim().length === 0) throw new AppError('invalid_field', 'A name is required.');
  const trimmed = name.trim();
  if (trimmed.length > MAX_NAME_LENGTH) throw new AppError('invalid_field', `The name is longer than ${MAX_NAME_LENGTH} characters.`);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new AppError('invalid_field', 'The name contains control characters.');
  return trimmed;
}

function validateMode(mode: unknown): RuntimeLlm['mode'] {
  if ((RUNTIME_LLM_MODES as readonly unknown[]).includes(mode)) return mode as RuntimeLlm['mode'];
  throw new AppError('invalid_field', `The mode must be "forwarding" or "non-forwarding", got ${JSON.stringify(mode)}.`);
}

function validateLevel(level: unknown): RuntimeLlm['level'] {
  if (PROTECTION_LEVELS.includes(level as RuntimeLlm['level'])) return level as RuntimeLlm['level'];
  throw new AppError('invalid_field', `The level must be 1, 2 or 3, got ${JSON.stringify(level)}.`);
}

/** Forwarding mode needs a real http(s) endpoint; Non-forwarding accepts any placeholder. */
function validateUrl(mode: RuntimeLlm['mode'], url: unknown): string {
  if (url === undefined || url === null || url === '') {
    if (mode === 'forwarding')
      throw new AppError('invalid_field', 'A Runtime LLM in Forwarding mode needs a Secure Proxy URL: the http(s) URL of its LLM endpoint.', {
        details: { field: 'url' },
      });
    return PLACEHOLDER_URL;
  }
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH)
    throw new AppError('invalid_field', `The URL must be a string of at most ${MAX_URL_LENGTH} characters.`);
  if (mode === 'forwarding') {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new AppError('invalid_field', `The URL ${JSON.stringify(url)} is not valid.`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new AppError('invalid_field', `The URL must use http or https, got ${parsed.protocol.replace(':', '')}.`);
    }
  }
  return url;
}

function validateMonitor(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw new AppError('invalid_field', `The monitor switch must be true or false, got ${JSON.stringify(value)}.`);
}

function validateSystemPrompt(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new AppError('invalid_field', 'The system prompt must be a string.');
  if (value.length > MAX_SYSTEM_PROMPT_LENGTH) throw new AppError('invalid_field', `The system prompt is longer than ${MAX_SYSTEM_PROMPT_LENGTH} characters.`);
  return value;
}

function validateCredential(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 8192 || /[\r\n]/.test(value)) {
    throw new AppError('invalid_field', 'The upstream API key must be a single line of at most 8192 characters.', { details: { field: 'upstream_api_key' } });
  }
  return value.trim();
}

function sealCredential(credentials: CredentialBox, credential: string | null, runtimeLlmId: string): string | null {
  return credential === null ? null : credentials.seal(credential, runtimeLlmId);
}

async function resolveProfileId(store: Store, profile: string | undefined): Promise<string> {
  if (profile === undefined) return DEFAULT_PROFILE_ID;
  const found = await findProfile(store.db, profile);
  if (!found) throw new AppError('not_found', `Security profile ${JSON.stringify(profile)} does not exist.`);
  return found.id;
}

async function ensureUniqueName(store: Store, name: string, exceptId?: string): Promise<void> {
  const existing = await findRuntimeLlm(store.db, name);
  if (existing && existing.name === name && existing.id !== exceptId) {
    throw new AppError('conflict', `A Runtime LLM named ${JSON.stringify(name)} already exists.`);
  }
}

export async function requireRuntimeLlm(store: Store, idOrName: string): Promise<RuntimeLlm> {
  const llm = await findRuntimeLlm(store.db, idOrName);
  if (!llm) throw new AppError('not_found', `Runtime LLM ${JSON.stringify(idOrName)} does not exist.`);
  return llm;
}

async function view(store: Store, llm: RuntimeLlm): Promise<RuntimeLlmView> {
  return { ...llm, apiKeyHint: (await findActiveKeyHint(store.db, llm.id))?.hint ?? null };
}

/**
 * What the audit log records of a created or updated Runtime LLM: its settings, and only whether a
 * system prompt and an upstream credential are set.
 */
function auditDetails(llm: RuntimeLlm): Record<string, unknown> {
  return {
    name: llm.name,
    mode: llm.mode,
    url: llm.url,
    level: llm.level,
    profile_id: llm.profileId,
    monitor: llm.monitor,
    system_prompt_set: llm.systemPrompt !== null,
    upstream_credential_set: llm.upstreamCredential !== null,
  };
}

/**
 * Creates a Runtime LLM with its first API key. The returned key is never retrievable again.
 * `credentials` seals the upstream credential, when one is given.
 */
export async function createRuntimeLlm(
  store: Store,
  actor: Actor,
  input: RuntimeLlmInput,
  credentials: CredentialBox,
): Promise<{ runtimeLlm: RuntimeLlmView; apiKey: string }> {
  const name = validateName(input.name);
  const mode = validateMode(input.mode ?? 'non-forwarding');
  const url = validateUrl(mode, input.url);
  const level = validateLevel(input.level ?? DEFAULT_PROTECTION_LEVEL);
  const systemPrompt = validateSystemPrompt(input.systemPrompt);
  const monitor = input.monitor === undefined ? false : validateMonitor(input.monitor);
  const profileId = await resolveProfileId(store, input.profile);
  await ensureUniqueName(store, name);
  const now = nowIso();
  const id = newId('llm');
  const upstreamCredential = sealCredential(credentials, validateCredential(input.upstreamCredential), id);
  const llm: RuntimeLlm = { id, name, mode, url, level, profileId, systemPrompt, monitor, upstreamCredential, createdAt: now, updatedAt: now };
  const apiKey = generateApiKey();
  await applyConfigChange(
    store,
    actor,
    { action: 'runtime_llm.create', targetType: 'runtime_llm', targetId: llm.id, details: auditDetails(llm) },
    async (trx) => {
      await insertRuntimeLlm(trx, llm);
      await replaceApiKey(trx, llm.id, hashApiKey(apiKey), keyHint(apiKey));
    },
  );
  return { runtimeLlm: await view(store, llm), apiKey };
}

export async function updateRuntimeLlm(
  store: Store,
  actor: Actor,
  idOrName: string,
  input: Partial<RuntimeLlmInput>,
  credentials: CredentialBox,
): Promise<RuntimeLlmView> {
  const current = await requireRuntimeLlm(store, idOrName);
  const name = input.name === undefined ? current.name : validateName(input.name);
  const mode = input.mode === undefined ? current.mode : validateMode(input.mode);
  // The URL is re-validated against the (possibly new) mode: a placeholder cannot become a forwarding target.
  const url = validateUrl(mode, input.url ?? (current.url === PLACEHOLDER_URL ? undefined : current.url));
  const level = input.level === undefined ? current.level : validateLevel(input.level);
  const systemPrompt = input.systemPrompt === undefined ? current.systemPrompt : validateSystemPrompt(input.systemPrompt);
  const profileId = input.profile === undefined ? current.profileId : await resolveProfileId(store, input.profile);
  const monitor = input.monitor === undefined ? current.monitor : validateMonitor(input.monitor);
  await ensureUniqueName(store, name, current.id);
  const upstreamCredential =
    input.upstreamCredential === undefined ? current.upstreamCredential : sealCredential(credentials, validateCredential(input.upstreamCredential), current.id);
  const updated: RuntimeLlm = { ...current, name, mode, url, level, systemPrompt, profileId, monitor, upstreamCredential, updatedAt: nowIso() };
  await applyConfigChange(
    store,
    actor,
    { action: 'runtime_llm.update', targetType: 'runtime_llm', targetId: current.id, details: auditDetails(updated) },
    async (trx) => {
      await updateRuntimeLlmRow(trx, updated);
    },
  );
  return view(store, updated);
}

export async function deleteRuntimeLlm(store: Store, actor: Actor, idOrName: string): Promise<void> {
  const current = await requireRuntimeLlm(store, idOrName);
  await applyConfigChange(
    store,
    actor,
    { action: 'runtime_llm.delete', targetType: 'runtime_llm', targetId: current.id, details: { name: current.name } },
    async (trx) => {
      await deleteRuntimeLlmRow(trx, current.id);
    },
  );
}

/** Issues a new key; the previous one stops working as soon as servers see the change. */
export async function regenerateApiKey(store: Store, actor: Actor, idOrName: string): Promise<{ runtimeLlm: RuntimeLlmView; apiKey: string }> {
  const llm = await requireRuntimeLlm(store, idOrName);
  const apiKey = generateApiKey();
  await applyConfigChange(
    store,
    actor,
    { action: 'api_key.regenerate', targetType: 'runtime_llm', targetId: llm.id, details: { key_hint: keyHint(apiKey) } },
    async (trx) => {
      await replaceApiKey(trx, llm.id, hashApiKey(apiKey), keyHint(apiKey));
    },
  );
  return { runtimeLlm: await view(store, llm), apiKey };
}

export async function listRuntimeLlmViews(store: Store): Promise<RuntimeLlmView[]> {
  return Promise.all((await listRuntimeLlms(store.db)).map((llm) => view(store, llm)));
}

export async function getRuntimeLlmView(store: Store, idOrName: string): Promise<RuntimeLlmView> {
  return view(store, await requireRuntimeLlm(store, idOrName));
}
