import type { Kysely, Selectable } from 'kysely';
import { keyedRows } from './rows.ts';
import type { AdminSessionTable, Database } from './schema.ts';

/** How an administrator signed in: a local password, or single sign-on (OpenID Connect). */
export const AUTH_METHODS = ['password', 'oidc'] as const satisfies readonly AdminSessionTable['auth_method'][];
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** A dashboard session as stored: its id is the hash of the cookie value, never the value itself. */
export interface StoredAdminSession {
  id: string;
  /** Local account name, or `sso:<identity>` for a single-sign-on administrator. */
  username: string;
  authMethod: AuthMethod;
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

function toSession(row: Selectable<AdminSessionTable>): StoredAdminSession {
  return {
    id: row.id,
    username: row.username,
    authMethod: row.auth_method,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

function toRow(session: StoredAdminSession): Selectable<AdminSessionTable> {
  return {
    id: session.id,
    username: session.username,
    auth_method: session.authMethod,
    csrf_token: session.csrfToken,
    created_at: session.createdAt,
    last_seen_at: session.lastSeenAt,
    expires_at: session.expiresAt,
  };
}

const rows = keyedRows('admin_sessions', { toEntity: toSession, toRow });

export const insertAdminSession = rows.insert;
export const findAdminSession = (db: Kysely<Database>, id: string): Promise<StoredAdminSession | undefined> => rows.findBy(db, 'id', id);
export const deleteAdminSession = rows.delete;

export async function deleteAdminSessionsExpiredBefore(db: Kysely<Database>, time: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('expires_at', '<', time).execute();
}

export async function touchAdminSession(db: Kysely<Database>, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('admin_sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
}

/** Signs a user out everywhere, except (optionally) one session. */
export async function deleteAdminSessionsOf(db: Kysely<Database>, username: string, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('admin_sessions').where('username', '=', username);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  await query.execute();
}
