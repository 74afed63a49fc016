import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Marks the configuration as changed; call inside the transaction that changes it. */
export async function bumpConfigRevision(db: Kysely<Database>): Promise<void> {
  await db.updateTable('config_revision').set({ revision: sql`revision + 1` }).where('id', '=', 1).execute();
}

export async function readConfigRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('config_revision').select('revision').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.revision);
}
