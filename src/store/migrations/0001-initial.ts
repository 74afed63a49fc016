import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The appliance's first schema: configuration, keys, rules, admins, settings and events. */
export const initial: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('security_profiles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('runtime_llms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('profile_id', 'text', (c) => c.notNull().references('security_profiles.id'))
      .addColumn('system_prompt', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('runtime_llm_id', 'text', (c) => c.notNull().references('runtime_llms.id').onDelete('cascade'))
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_runtime_llm').on('api_keys').column('runtime_llm_id').execute();

    for (const table of ['keyword_rules', 'regex_rules'] as const) {
      let builder = db.schema
        .createTable(table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'text', (c) => c.notNull().references('security_profiles.id').onDelete('cascade'));
      builder =
        table === 'keyword_rules'
          ? builder.addColumn('keyword', 'text', (c) => c.notNull()).addColumn('whole_word', 'integer', (c) => c.notNull())
          : builder
              .addColumn('name', 'text', (c) => c.notNull())
              .addColumn('pattern', 'text', (c) => c.notNull())
              .addColumn('case_insensitive', 'integer', (c) => c.notNull());
      await builder
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex(`${table}_profile`).on(table).column('profile_id').execute();
    }

    await db.schema
      .createTable('admin_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('must_change_password', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('config_revision')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into config_revision (id, revision) values (1, 1)`.execute(db);

    await db.schema
      .createTable('check_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('runtime_llm_id', 'text', (c) => c.notNull())
      .addColumn('profile_id', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('blocked_by', 'text', (c) => c.notNull())
      .addColumn('results', 'text', (c) => c.notNull())
      .addColumn('execution_time_ms', 'real', (c) => c.notNull())
      .addColumn('message_length', 'integer', (c) => c.notNull())
      .addColumn('message_sha256', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('check_events_created').on('check_events').column('created_at').execute();
    await db.schema.createIndex('check_events_runtime_llm').on('check_events').columns(['runtime_llm_id', 'created_at']).execute();

    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text')
      .addColumn('details', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_events_created').on('audit_events').column('created_at').execute();
  },
};
