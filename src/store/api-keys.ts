import type { Kysely } from 'kysely';
import { newId, nowIso } from '../ids.ts';
import type { Database } from './schema.ts';

export interface ActiveKey {
  runtimeLlmId: string;
  keyHash: string;
}

/** Stores a new key hash for a Runtime LLM and revokes its previous keys in the same step. */
export async function replaceApiKey(db: Kysely<Database>, runtimeLlmId: string, keyHash: string, keyHint: string): Promise<void> {
  const now = nowIso();
  await db.updateTable('api_keys').set({ revoked_at: now }).where('runtime_llm_id', '=', runtimeLlmId).where('revoked_at', 'is', null).execute();
  await db
    .insertInto('api_keys')
    .values({ id: newId('key'), runtime_llm_id: runtimeLlmId, key_hash: keyHash, key_hint: keyHint, created_at: now, revoked_at: null })
    .execute();
}

export async function listActiveKeys(db: Kysely<Database>): Promise<ActiveKey[]> {
  const rows = await db.selectFrom('api_keys').select(['runtime_llm_id', 'key_hash']).where('revoked_at', 'is', null).execute();
  return rows.map((r) => ({ runtimeLlmId: r.runtime_llm_id, keyHash: r.key_hash }));
}

export async function findActiveKeyHint(db: Kysely<Database>, runtimeLlmId: string): Promise<{ hint: string; createdAt: string } | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['key_hint', 'created_at'])
    .where('runtime_llm_id', '=', runtimeLlmId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row && { hint: row.key_hint, createdAt: row.created_at };
}
