import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The profile every Runtime LLM starts with; its settings fill in from guardrail defaults. */
export const DEFAULT_PROFILE_ID = 'prf_default';

export const defaultProfile: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    const now = new Date().toISOString();
    await sql`insert into security_profiles (id, name, description, settings, created_at, updated_at)
      values (${DEFAULT_PROFILE_ID}, 'default', 'Recommended protection: every guardrail follows the protection level', '{}', ${now}, ${now})`.execute(db);
  },
};
