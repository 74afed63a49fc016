import type { Kysely, Selectable } from 'kysely';
import { namedRows } from './rows.ts';
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

const rows = namedRows('runtime_llms', { toEntity: toRuntimeLlm, toRow });

export const insertRuntimeLlm = rows.insert;
export const updateRuntimeLlmRow = rows.update;

export async function deleteRuntimeLlmRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('api_keys').where('runtime_llm_id', '=', id).execute();
  await rows.delete(db, id);
}

export const listRuntimeLlms = (db: Kysely<Database>): Promise<RuntimeLlm[]> => rows.list(db, 'created_at');
export const findRuntimeLlm = rows.findByIdOrName;
