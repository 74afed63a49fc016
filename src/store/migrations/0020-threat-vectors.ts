import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The vector filter's threat store: seed entries shipped with the encoder (vector, family and a
 * short id only) and operator entries that went through review (proposed → active, or rejected;
 * active → removed). Vectors are base64 text, portable between SQLite and PostgreSQL.
 */
export const threatVectors: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('threat_vectors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('text', 'text')
      .addColumn('vector', 'text')
      .addColumn('encoder', 'text')
      .addColumn('source_event_id', 'text')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('proposed_by', 'text', (c) => c.notNull())
      .addColumn('proposed_at', 'text', (c) => c.notNull())
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('threat_vectors_status').on('threat_vectors').columns(['status', 'id']).execute();
  },
};
