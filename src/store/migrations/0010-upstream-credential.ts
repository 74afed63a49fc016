import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Forwarding mode: the upstream LLM's credential per Runtime LLM, encrypted (AES-256-GCM). */
export const upstreamCredential: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('runtime_llms').addColumn('upstream_credential', 'text').execute();
  },
};
