import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { AuthPolicy } from './policy.ts';

/** How an administrator signed in: a local password, or single sign-on (OpenID Connect). */
export const AUTH_METHODS = ['password', 'oidc'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** A signed-in administrator, as the admin API sees them. */
export interface AdminSession {
  /** Hash of the cookie value (the row id). */
  id: string;
  username: string;
  authMethod: AuthMethod;
  csrfToken: string;
  expiresAt: string;
}

// Refresh last_seen_at at most this often, so reads do not turn every request into a write.
const TOUCH_EVERY_MS = 60_000;

function sessionId(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Opens a session; the returned token goes into the cookie and is never stored. */
export async function createSession(
  db: Kysely<Database>,
  policy: AuthPolicy,
  username: string,
  authMethod: AuthMethod,
): Promise<{ token: string; session: AdminSession }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const session: AdminSession = {
    id: sessionId(token),
    username,
    authMethod,
    csrfToken: randomBytes(32).toString('base64url'),
    expiresAt: new Date(now.getTime() + policy.sessionMaxSeconds * 1000).toISOString(),
  };
  // Expired sessions are removed whenever a new one starts.
  await db.deleteFrom('admin_sessions').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('admin_sessions')
    .values({
      id: session.id,
      username,
      auth_method: authMethod,
      csrf_token: session.csrfToken,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: session.expiresAt,
    })
    .execute();
  return { token, session };
}

/** The live session a cookie value belongs to, or undefined when unknown, expired or idle too long. */
export async function findSession(db: Kysely<Database>, policy: AuthPolicy, token: string): Promise<AdminSession | undefined> {
  if (token.length === 0 || token.length > 100) return undefined;
  const id = sessionId(token);
  const row = await db.selectFrom('admin_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + policy.sessionIdleSeconds * 1000 <= now) {
    await db.deleteFrom('admin_sessions').where('id', '=', id).execute();
    return undefined;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await db
      .updateTable('admin_sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return { id, username: row.username, authMethod: row.auth_method, csrfToken: row.csrf_token, expiresAt: row.expires_at };
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('id', '=', id).execute();
}

/** Signs a user out everywhere, except (optionally) the session that asked. */
export async function deleteSessionsOf(db: Kysely<Database>, username: string, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('admin_sessions').where('username', '=', username);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  await query.execute();
}
