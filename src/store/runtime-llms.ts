import type { Kysely, Selectable } from 'kysely';
import type { Database, RuntimeLlmTable } from './schema.ts';

/** Non-forwarding: the application calls input-check and output-check; forwarding: Rampart proxies its LLM calls. */
export const RUNTIME_LLM_MODES = ['non-forwarding', 'forwarding'] as const;
export type RuntimeLlmMode = (typeof RUNTIME_LLM_MODES)[number];

export interface RuntimeLlm {
  id: string;
  name: string;
  mode: RuntimeLlmMode;
  url: string;
  level: 1 | 2 | 3;
  profileId: string;
  systemPrompt: string | null;
  /** Every guardrail only reports what it would block (monitor mode); nothing is blocked. */
  monitor: boolean;
  /** Sealed upstream credential (see CredentialBox); never shown. */
  upstreamCredential: string | null;
  createdAt: string;
  updatedAt: string;
}

function toRuntimeLlm(row: Selectable<RuntimeLlmTable>): RuntimeLlm {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    url: row.url,
    level: row.level as RuntimeLlm['level'],
    profileId: row.profile_id,
    systemPrompt: row.system_prompt,
    monitor: row.monitor === 1,
    upstreamCredential: row.upstream_credential,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(llm: RuntimeLlm): Selectable<RuntimeLlmTable> {
  return {
    id: llm.id,
    name: llm.name,
    mode: llm.mode,
    url: llm.url,
    level: llm.level,
    profile_id: llm.profileId,
    system_prompt: llm.systemPrompt,
    monitor: llm.monitor ? 1 : 0,
    upstream_credential: llm.upstreamCredential,
    created_at: llm.createdAt,
    updated_at: llm.updatedAt,
  };
}

export async function insertRuntimeLlm(db: Kysely<Database>, llm: RuntimeLlm): Promise<void> {
  await db.insertInto('runtime_llms').values(toRow(llm)).execute();
}

/** Writes every column but the id and the creation time. */
export async function updateRuntimeLlmRow(db: Kysely<Database>, llm: RuntimeLlm): Promise<void> {
  const { id, created_at: _created, ...columns } = toRow(llm);
  await db.updateTable('runtime_llms').set(columns).where('id', '=', id).execute();
}

export async function deleteRuntimeLlmRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('api_keys').where('runtime_llm_id', '=', id).execute();
  await db.deleteFrom('runtime_llms').where('id', '=', id).execute();
}

export async function listRuntimeLlms(db: Kysely<Database>): Promise<RuntimeLlm[]> {
  const rows = await db.selectFrom('runtime_llms').selectAll().orderBy('created_at').execute();
  return rows.map(toRuntimeLlm);
}

/** Finds a Runtime LLM by id or, failing that, by name. */
export async function findRuntimeLlm(db: Kysely<Database>, idOrName: string): Promise<RuntimeLlm | undefined> {
  const row = await db
    .selectFrom('runtime_llms')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .orderBy('id')
    .executeTakeFirst();
  return row && toRuntimeLlm(row);
}
