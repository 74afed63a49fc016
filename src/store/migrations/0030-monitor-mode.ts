import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Monitor mode: a Runtime LLM whose guardrails only report (0/1), and the guardrails in monitor mode
 * that would have blocked a check (JSON array; existing events had none).
 */
export const monitorMode: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('runtime_llms')
      .addColumn('monitor', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('check_events')
      .addColumn('monitored_by', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
