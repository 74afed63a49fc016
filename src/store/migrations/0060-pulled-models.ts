import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Models pulled from a hub or imported: where they came from, their files' checksums and licence,
 * so that every node can fetch or check the same files; and the pulls the dashboard started.
 */
export const pulledModels: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('pulled_models')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('backend_id', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('repo', 'text')
      .addColumn('revision', 'text')
      .addColumn('commit_sha', 'text')
      .addColumn('onnx_file', 'text', (c) => c.notNull())
      .addColumn('files', 'text', (c) => c.notNull())
      .addColumn('manifest', 'text', (c) => c.notNull())
      .addColumn('license', 'text')
      .addColumn('license_accepted', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('model_pulls')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('repo', 'text', (c) => c.notNull())
      .addColumn('revision', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('phase', 'text', (c) => c.notNull())
      .addColumn('file', 'text')
      .addColumn('bytes_done', 'bigint', (c) => c.notNull())
      .addColumn('bytes_total', 'bigint')
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
