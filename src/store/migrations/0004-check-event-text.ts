import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Message text of a check event, kept only for profiles that opt in (PII masked); null otherwise. */
export const checkEventText: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('check_events').addColumn('message_text', 'text').execute();
  },
};
