import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The cheapest statement the database must answer: resolves when it does, rejects when it cannot. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
