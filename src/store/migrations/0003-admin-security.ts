import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Administrator sign-in: lockout counters on accounts, and server-side sessions. */
export const adminSecurity: Readonly<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('admin_users')
      .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('admin_users').addColumn('locked_until', 'text').execute();

    await db.schema
      .createTable('admin_sessions')
      // SHA-256 of the cookie value: a stolen database does not yield usable sessions.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('auth_method', 'text', (c) => c.notNull())
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_sessions_username').on('admin_sessions').column('username').execute();
  },
};
